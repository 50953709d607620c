import { z } from 'zod';

/**
 * A user's metrics as the analytics read serves them (spec section 3, "User metrics (read)"), and the
 * pure helpers that derive them. Dates are calendar days as YYYY-MM-DD; "today" always comes in as an
 * argument.
 */

export const userMetricsSchema = z.object({
  /** Completed tasks / all tasks, 0..1. */
  taskCompletionRate: z.number().min(0).max(1),
  /** Consecutive active days ending today or yesterday. */
  dailyActiveStreak: z.number().int().min(0),
  /** Completed goals / all goals, 0..1. */
  goalCompletionRate: z.number().min(0).max(1),
  aiGenerationsUsed: z.number().int().min(0),
  /** YYYY-MM-DD; null if never active. */
  lastActiveDate: z.string().nullable(),
  /** 0..23 (UTC unless the caller converts); null without completions. */
  mostProductiveHour: z.number().int().min(0).max(23).nullable(),
  abandonedGoals: z.number().int().min(0),
  completedGoals: z.number().int().min(0),
});
export type UserMetrics = z.infer<typeof userMetricsSchema>;

const MS_PER_DAY = 86_400_000;

/** Day number (days since 1970-01-01) of a valid YYYY-MM-DD date; null for anything else. */
export function dayNumber(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const epochMs = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // Reject dates that roll over, such as 2024-02-30.
  if (new Date(epochMs).toISOString().slice(0, 10) !== date) return null;
  return epochMs / MS_PER_DAY;
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier); null if either is invalid. */
export function daysBetween(from: string, to: string): number | null {
  const a = dayNumber(from);
  const b = dayNumber(to);
  return a === null || b === null ? null : b - a;
}

/**
 * Consecutive active days ending today, or ending yesterday when the user has not been active yet today
 * (a streak is not broken until a whole day is missed). Order and duplicates do not matter; invalid
 * dates are ignored, and later dates cannot extend a streak that is counted backwards from today.
 */
export function dailyActiveStreak(activeDates: readonly string[], today: string): number {
  const todayNumber = dayNumber(today);
  if (todayNumber === null) return 0;
  const days = new Set<number>();
  for (const date of activeDates) {
    const n = dayNumber(date);
    if (n !== null) days.add(n);
  }
  let cursor = days.has(todayNumber) ? todayNumber : todayNumber - 1;
  let streak = 0;
  while (days.has(cursor)) {
    streak += 1;
    cursor -= 1;
  }
  return streak;
}

/** The hour (0..23) with the most completions; ties go to the earliest hour; null without valid hours. */
export function mostProductiveHour(completionHours: readonly number[]): number | null {
  const counts = new Array<number>(24).fill(0);
  for (const hour of completionHours) {
    if (Number.isInteger(hour) && hour >= 0 && hour <= 23) counts[hour] = (counts[hour] ?? 0) + 1;
  }
  let best: number | null = null;
  let bestCount = 0;
  for (let hour = 0; hour < counts.length; hour += 1) {
    const count = counts[hour] ?? 0;
    if (count > bestCount) {
      best = hour;
      bestCount = count;
    }
  }
  return best;
}

/** done / total, 0 when total is 0 (or less), and never above 1. */
export function rate(done: number, total: number): number {
  if (!(total > 0) || !(done > 0)) return 0;
  return Math.min(1, done / total);
}
