import { z } from 'zod';

/** The result of a command on one goal: the goal and the position a read must wait for. */
export const goalResultSchema = z.object({ goalId: z.string(), position: z.number().int().nullable() });
export type GoalResult = z.infer<typeof goalResultSchema>;
