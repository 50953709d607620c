import { z } from 'zod';
import { goalRowSchema } from '@stride/domain/contracts/goals';
import { writtenGoal, writtenGoals } from '@stride/projections/goals/queries/written-goal-rows';

/**
 * The result of a command on one goal: the goal, the position a read must wait for, and the goal's row
 * as the command's transaction left it (as GET /api/goals/:id answers it), when the command wrote it: the
 * response is built from it without reading the goal again.
 */
export const goalResultSchema = z.object({
  goalId: z.string(),
  position: z.number().int().nullable(),
  goal: goalRowSchema.optional(),
});
export type GoalResult = z.infer<typeof goalResultSchema>;

/** What a goal command asks its write statement for (ExecuteInput.written). */
export const goalWritten = { goals: writtenGoals };

/** A goal command's result from its outcome's position and written rows. */
export const goalResultOf = (
  goalId: string,
  { position, rows }: { readonly position: number | null; readonly rows: Readonly<Record<string, readonly unknown[]>> },
): GoalResult => {
  const goal = writtenGoal(rows.goals, goalId);
  return { goalId, position, ...(goal && { goal }) };
};
