import { z } from 'zod';
import { calendarDateSchema } from '../shared/calendar';
import { productivityScore } from './productivity-score';

/** One user's activity on one calendar day (spec section 3, "Daily metrics"). */
export const dailyMetricsSchema = z.object({
  /** YYYY-MM-DD. */
  date: calendarDateSchema,
  userId: z.string().min(1),
  goalsCreated: z.number().int().min(0),
  goalsCompleted: z.number().int().min(0),
  tasksCreated: z.number().int().min(0),
  tasksCompleted: z.number().int().min(0),
  aiGenerationsUsed: z.number().int().min(0),
  /** Minutes. */
  sessionDuration: z.number().min(0),
  /** 0..100, see `productivityScore`. */
  productivityScore: z.number().int().min(0).max(100),
});
export type DailyMetrics = z.infer<typeof dailyMetricsSchema>;

/** A day with no activity yet. */
export function emptyDailyMetrics(userId: string, date: string): DailyMetrics {
  return {
    date,
    userId,
    goalsCreated: 0,
    goalsCompleted: 0,
    tasksCreated: 0,
    tasksCompleted: 0,
    aiGenerationsUsed: 0,
    sessionDuration: 0,
    productivityScore: 0,
  };
}

/** The same day with `productivityScore` recomputed from its counts and session time. */
export function withProductivityScore(metrics: DailyMetrics): DailyMetrics {
  return {
    ...metrics,
    productivityScore: productivityScore({
      tasksCompleted: metrics.tasksCompleted,
      goalsCompleted: metrics.goalsCompleted,
      sessionMinutes: metrics.sessionDuration,
    }),
  };
}

/**
 * LEGACY CLIENT RULE (spec section 9): the old browser client posted its daily metrics only when
 * goalsCreated + tasksCompleted was a positive multiple of 5, to save requests. It is kept so the web
 * client can reproduce that batching; the server derives daily metrics from the event log and does not
 * depend on it, so no activity is lost between flushes.
 */
export function shouldPersistDailyMetrics(metrics: Pick<DailyMetrics, 'goalsCreated' | 'tasksCompleted'>): boolean {
  const activity = metrics.goalsCreated + metrics.tasksCompleted;
  return activity > 0 && activity % 5 === 0;
}
