import type { BatchContext, MessageConsumer } from '@stride/platform/bus/event-bus';
import type { JobQueues } from '@stride/platform/queue/job-queues';
import { scheduleDailyMetrics } from '@stride/application/analytics/schedule-daily-metrics';
import type { TimeZoneLookup } from '@stride/application/analytics/time-zones';
import { userDaysOfTrackedEvents } from './dirty-days';
import type { TrackedEventRecord } from '@stride/application/analytics/tracked-event-record';
import type { AnalyticsWriters } from './analytics-writers';
import type { TrackedEventRow } from './analytics-rows';

export const toTrackedEventRow = (record: TrackedEventRecord): TrackedEventRow => ({
  event_id: record.eventId,
  user_id: record.userId,
  anonymous_id: record.anonymousId ?? '',
  session_id: record.sessionId,
  event: record.event,
  occurred_at: record.occurredAt,
  received_at: record.receivedAt,
  tier: record.tier,
  path: record.path,
  referrer: record.referrer,
  user_agent: record.userAgent,
  properties: JSON.stringify(record.properties),
});

/**
 * Stores tracked events (tracked_events; sign-up errors follow by materialized view) and marks the
 * user-days whose session time changed dirty. Tracked events are many and small: they are always written
 * by batch size or the batching delay, never one request at a time.
 */
export class TrackedIngestConsumer implements MessageConsumer<TrackedEventRecord> {
  readonly id = 'tracked-ingest';

  constructor(private readonly deps: { writers: AnalyticsWriters; queues: JobQueues; timeZones: TimeZoneLookup }) {}

  async handle(records: readonly TrackedEventRecord[], _context: BatchContext): Promise<void> {
    await this.deps.writers.trackedEvents.add(records.map(toTrackedEventRow));
    const signedIn = records.map((record) => record.userId).filter((userId) => userId !== '');
    const zoneOf = await this.deps.timeZones(signedIn);
    await scheduleDailyMetrics(this.deps.queues, userDaysOfTrackedEvents(records, zoneOf));
  }
}
