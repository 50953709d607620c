import { queueNameValues, type QueueName } from '@stride/domain/shared/queue-names';
import type { QueueDefinition } from '@stride/platform/queue/job-queues';

/**
 * The queues of the product (their names: domain/src/shared/queue-names.ts), by name: metrics recomputes one
 * user-day of daily metrics; scores a user's metrics and engagement score, and the nightly fan-out; billing the billing maintenance (processors come from the billing module); planner the recurrence job.
 */
export const QUEUES = Object.fromEntries(queueNameValues.map((name) => [name, name])) as {
  readonly [Name in QueueName]: Name;
};

export const JOBS = {
  dailyMetrics: 'daily-metrics',
  reconcileDailyMetrics: 'reconcile-daily-metrics',
  userScore: 'user-score',
  nightlyScores: 'nightly-scores',
  checkExpiredSubscriptions: 'check-expired-subscriptions',
  createNextOccurrences: 'create-next-occurrences',
} as const;

/** Every queue has its settings (a queue named without them does not compile). */
const queueSettings: { readonly [Name in QueueName]: Omit<QueueDefinition, 'name'> } = {
  // Metrics and score jobs spend most of their time waiting for their row's batch to be written: many run at
  // once so that the batches fill (the analytics store itself serializes the queries).
  metrics: { concurrency: 64, attempts: 6, backoffMs: 500 },
  scores: { concurrency: 16, attempts: 5, backoffMs: 1_000 },
  billing: { concurrency: 1, attempts: 5, backoffMs: 5_000 },
  // One recurrence run at a time: a run walks every running series.
  planner: { concurrency: 1, attempts: 3, backoffMs: 5_000 },
};

export const strideQueueDefinitions: readonly QueueDefinition[] = queueNameValues.map((name) => ({
  name,
  ...queueSettings[name],
}));

/** One metrics job per user-day at a time (see JobQueues' dedupe rules). */
export const dailyMetricsKey = (userId: string, date: string): string => `metrics:${userId}:${date}`;
export const userScoreKey = (userId: string): string => `scores:${userId}`;

/** The nightly engagement-score run (UTC) and the expired-subscription check. */
export const NIGHTLY_SCORES_PATTERN = '15 3 * * *';
export const EXPIRED_SUBSCRIPTIONS_EVERY_MS = 15 * 60_000;
/** How often the recurrence job looks for occurrences whose day has come (a new day starts on the quarter hour in every zone). */
export const NEXT_OCCURRENCES_EVERY_MS = 15 * 60_000;
/** How often stale user-days are looked for (also once at start). */
export const RECONCILE_EVERY_MS = 5 * 60_000;
/** A user's score is recomputed at most this often after activity. */
export const USER_SCORE_DEBOUNCE_MS = 5_000;
