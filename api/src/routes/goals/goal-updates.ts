import type { z } from 'zod';
import type { updateGoalBodySchema } from '@stride/domain/contracts/goals';
import type { GoalChanges } from '@stride/domain/goals/goal-events';

type GoalUpdates = z.output<typeof updateGoalBodySchema>['updates'];

/** The API's snake_case field updates as the goal aggregate's changes (status is a separate command). */
export const goalChangesOf = ({ title, description, category, priority, target_date }: GoalUpdates): GoalChanges => ({
  ...(title !== undefined && { title }),
  ...(description !== undefined && { description }),
  ...(category !== undefined && { category }),
  ...(priority !== undefined && { priority }),
  ...(target_date !== undefined && { targetDate: target_date }),
});
