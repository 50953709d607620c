import { z } from 'zod';

/** An entity id (goal, task, collection, batch) as events store it and requests carry it. */
export const idSchema = z.string().min(1).max(100);
