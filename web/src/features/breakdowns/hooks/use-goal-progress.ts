import { useQuery } from '@tanstack/react-query';
import { subtasksQueryOptions } from '../api/get-subtasks';

/** The goal's progress with sub-steps rolled up (0..100), or undefined until known. */
export function useGoalProgress(goalId: string | null): number | undefined {
  const query = useQuery({ ...subtasksQueryOptions(goalId ?? ''), enabled: goalId !== null });
  return goalId === null ? undefined : query.data?.progress.goal_percent;
}
