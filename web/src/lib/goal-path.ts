/**
 * Where a goal opens: the daily page with the goal selected (its tasks, breakdown and progress). The daily
 * page shows active goals, so only active goals link there.
 */
export const goalPath = (goalId: string): string => `/daily?goal=${encodeURIComponent(goalId)}`;
