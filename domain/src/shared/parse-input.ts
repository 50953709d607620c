import type { z } from 'zod';
import { DomainError } from './domain-error';

/** Parses input with a zod schema; a failure is a DomainError('validation') naming the first failing field. */
export const parseInput = <Schema extends z.ZodType>(schema: Schema, data: unknown): z.output<Schema> => {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new DomainError('validation', issue?.message ?? 'Invalid input', { field: issue?.path.map(String).join('.') });
};
