import type { QueueDefinition } from '@stride/platform/queue/job-queues';

/** The queues of the product and the jobs on them. */
export const QUEUES = {
  /** Recompute one user-day of daily metrics. */
  metrics: 'metrics',
  /** Recompute a user's metrics and engagement score; the nightly fan-out. */
  scores: 'scores',
  /** Billing maintenance (processors come from the billing module). */
  billing: 'billing',
} as const;

export const JOBS = {
  dailyMetrics: 'daily-metrics',
  reconcileDailyMetrics: 'reconcile-daily-metrics',
  userScore: 'user-score',
  nightlyScores: 'nightly-scores',
  checkExpiredSubscriptions: 'check-expired-subscriptions',
} as const;

export const strideQueueDefinitions: readonly QueueDefinition[] = [
  // Metrics and score jobs spend most of their time waiting for their row's batch to be written: many run at
  // once so that the batches fill (the analytics store itself serializes the queries).
  { name: QUEUES.metrics, concurrency: 64, attempts: 6, backoffMs: 500 },
  { name: QUEUES.scores, concurrency: 16, attempts: 5, backoffMs: 1_000 },
  { name: QUEUES.billing, concurrency: 1, attempts: 5, backoffMs: 5_000 },
];

/** One metrics job per user-day at a time (see JobQueues' dedupe rules). */
export const dailyMetricsKey = (userId: string, date: string): string => `metrics:${userId}:${date}`;
export const userScoreKey = (userId: string): string => `scores:${userId}`;

/** The nightly engagement-score run (UTC) and the expired-subscription check. */
export const NIGHTLY_SCORES_PATTERN = '15 3 * * *';
export const EXPIRED_SUBSCRIPTIONS_EVERY_MS = 15 * 60_000;
/** How often stale user-days are looked for (also once at start). */
export const RECONCILE_EVERY_MS = 5 * 60_000;
/** A user's score is recomputed at most this often after activity. */
export const USER_SCORE_DEBOUNCE_MS = 5_000;
