import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import type { Logger } from '@stride/platform/logger';
import type { JobProcessor, JobQueues } from '@stride/platform/queue/job-queues';
import { selectStaleUserDays } from '@stride/application/analytics/queries/select-stale-user-days';
import { scheduleDailyMetrics } from '@stride/application/analytics/schedule-daily-metrics';
import type { TimeZoneLookup } from '@stride/application/analytics/time-zones';
import { localDaysOfUtcDay } from '@stride/domain/analytics/local-time';

/** How far back the reconciliation looks for ingested events (longer than any plausible outage of jobs). */
export const RECONCILE_WINDOW_MS = 24 * 3_600_000;
const MAX_DAYS_PER_RUN = 50_000;

/**
 * The safety net under "mark dirty, then compute": a metrics job can be lost after its events were
 * acknowledged (the in-process runner dies with its process; a Redis without persistence restarts). This
 * job, run at start and on a schedule, finds user-days whose events arrived after their latest computation
 * began and schedules them again.
 */
export function reconcileDailyMetricsProcessor(deps: {
  client: AnalyticsClient;
  queues: JobQueues;
  clock: () => Date;
  logger: Logger;
  timeZones: TimeZoneLookup;
}): JobProcessor {
  return async () => {
    const since = new Date(deps.clock().getTime() - RECONCILE_WINDOW_MS);
    const stale = await selectStaleUserDays(deps.client, { since, limit: MAX_DAYS_PER_RUN });
    // The store finds stale UTC days; each is one or two of the user's own days (recomputing one more is harmless).
    const zoneOf = await deps.timeZones(stale.map((day) => day.userId));
    const days = stale.flatMap(({ userId, date }) =>
      localDaysOfUtcDay(date, zoneOf(userId)).map((local) => ({ userId, date: local })),
    );
    await scheduleDailyMetrics(deps.queues, days);
    if (stale.length > 0) deps.logger.info({ userDays: stale.length }, 'stale daily metrics rescheduled');
  };
}
