/**
 * The daily productivity score (spec section 9): up to 50 points from tasks (10 per task, so 5 tasks
 * reach 50), 25 per goal completed, up to 25 from session time (linear, 30 minutes reach 25), and at
 * most 100 in total. Negative inputs count as 0. The result is a whole number.
 */

export interface ProductivityInput {
  readonly tasksCompleted: number;
  readonly goalsCompleted: number;
  /** Minutes of active session time that day. */
  readonly sessionMinutes: number;
}

export const PRODUCTIVITY_POINTS = {
  perTask: 10,
  tasksMax: 50,
  perGoal: 25,
  sessionMax: 25,
  sessionFullMinutes: 30,
  total: 100,
} as const;

const nonNegative = (value: number): number => (Number.isFinite(value) && value > 0 ? value : 0);

export function productivityScore({ tasksCompleted, goalsCompleted, sessionMinutes }: ProductivityInput): number {
  const p = PRODUCTIVITY_POINTS;
  const fromTasks = Math.min(p.tasksMax, nonNegative(tasksCompleted) * p.perTask);
  const fromGoals = nonNegative(goalsCompleted) * p.perGoal;
  const fromSession = Math.min(p.sessionMax, (nonNegative(sessionMinutes) / p.sessionFullMinutes) * p.sessionMax);
  return Math.round(Math.min(p.total, fromTasks + fromGoals + fromSession));
}
