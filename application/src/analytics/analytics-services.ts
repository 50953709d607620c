import type { ComponentHealth } from '@stride/platform/bus/event-bus';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import type { JobQueues } from '@stride/platform/queue/job-queues';
import type { TrackedEventRecord } from './tracked-event-record';

/** The analytics side every process has: the ClickHouse/chDB client, the job queues and tracking. */
export interface AnalyticsServices {
  readonly analytics: AnalyticsClient;
  readonly queues: JobQueues;
  /** Submits tracked events; resolves once they are durable. */
  track(records: readonly TrackedEventRecord[]): Promise<void>;
  /** Schedules a recompute of one user-day's metrics. */
  requestDailyMetrics(userId: string, date: string): Promise<void>;
  health(): Promise<Record<string, ComponentHealth>>;
}
