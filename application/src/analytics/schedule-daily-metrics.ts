import type { JobQueues } from '@stride/platform/queue/job-queues';
import { JOBS, QUEUES, dailyMetricsKey } from './queues';

export interface UserDay {
  readonly userId: string;
  /** YYYY-MM-DD (UTC). */
  readonly date: string;
}

/** Marks user-days dirty: one daily-metrics job per user-day (deduplicated while it waits or runs). */
export async function scheduleDailyMetrics(queues: JobQueues, days: readonly UserDay[]): Promise<void> {
  if (days.length === 0) return;
  await queues.addBulk(
    QUEUES.metrics,
    days.map((day) => ({
      name: JOBS.dailyMetrics,
      data: day,
      options: { dedupeKey: dailyMetricsKey(day.userId, day.date) },
    })),
  );
}
