import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { GoalRow } from '@stride/domain/contracts/goals';
import { goalKeys, type GoalListFilters } from '../api/keys';

export type GoalListSnapshot = readonly (readonly [QueryKey, GoalRow[] | undefined])[];

const filtersOf = (key: QueryKey): GoalListFilters => (key[2] as GoalListFilters | undefined) ?? {};

/** Takes a snapshot of every cached goal list (to roll back to on error). */
export async function snapshotGoalLists(queryClient: QueryClient): Promise<GoalListSnapshot> {
  await queryClient.cancelQueries({ queryKey: goalKeys.lists() });
  return queryClient.getQueriesData<GoalRow[]>({ queryKey: goalKeys.lists() });
}

export function restoreGoalLists(queryClient: QueryClient, snapshot: GoalListSnapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

/** Adds a goal at the top of every cached list whose filter it matches. */
export function addGoalToLists(queryClient: QueryClient, goal: GoalRow): void {
  for (const [key, data] of queryClient.getQueriesData<GoalRow[]>({ queryKey: goalKeys.lists() })) {
    const { status } = filtersOf(key);
    if (!data || (status && status !== goal.status)) continue;
    queryClient.setQueryData<GoalRow[]>(key, [goal, ...data.filter((g) => g.id !== goal.id)]);
  }
}

export function removeGoalFromLists(queryClient: QueryClient, goalId: string): void {
  for (const [key, data] of queryClient.getQueriesData<GoalRow[]>({ queryKey: goalKeys.lists() })) {
    if (!data) continue;
    queryClient.setQueryData<GoalRow[]>(
      key,
      data.filter((g) => g.id !== goalId),
    );
  }
}

/** Replaces a goal in every list; moves it out of lists whose status filter it no longer matches. */
export function replaceGoalInLists(queryClient: QueryClient, goal: GoalRow): void {
  for (const [key, data] of queryClient.getQueriesData<GoalRow[]>({ queryKey: goalKeys.lists() })) {
    if (!data) continue;
    const { status } = filtersOf(key);
    const without = data.filter((g) => g.id !== goal.id);
    const matches = !status || status === goal.status;
    const index = data.findIndex((g) => g.id === goal.id);
    if (!matches) queryClient.setQueryData(key, without);
    else if (index >= 0)
      queryClient.setQueryData(
        key,
        data.map((g) => (g.id === goal.id ? goal : g)),
      );
    else queryClient.setQueryData(key, [goal, ...without]);
  }
}

export interface NewGoalInput {
  readonly id: string;
  readonly userId: string;
  readonly title: string;
  readonly description: string;
  readonly category: string;
  readonly priority: GoalRow['priority'];
  readonly target_date: string | null;
}

/** The row shown until the server answers. */
export function optimisticGoalRow(input: NewGoalInput, now = new Date()): GoalRow {
  const iso = now.toISOString();
  return {
    id: input.id,
    user_id: input.userId,
    title: input.title,
    description: input.description,
    category: input.category,
    priority: input.priority,
    target_date: input.target_date,
    created_at: iso,
    updated_at: iso,
    completed_at: null,
    status: 'active',
    generated_tasks: [],
    ai_metadata: null,
    task_count: 0,
    completed_task_count: 0,
    collection_ids: [],
    version: 0,
  };
}

export function newGoalId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `goal-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
