import { randomUUID } from 'node:crypto';

/** Server-made ids (clients may also send their own, e.g. for optimistic UI). */
export const newId = (): string => randomUUID();
