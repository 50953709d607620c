import type { EventRegistry } from '@stride/domain/shared/event-registry';
import type { BatchContext, DomainEventConsumer } from '@stride/platform/bus/event-bus';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import type { StoredEvent } from '@stride/platform/event-store/types';
import type { Logger } from '@stride/platform/logger';
import type { JobQueues } from '@stride/platform/queue/job-queues';
import { scheduleDailyMetrics } from '@stride/application/analytics/schedule-daily-metrics';
import type { TimeZoneLookup } from '@stride/application/analytics/time-zones';
import { userDaysOfDomainEvents } from './dirty-days';
import type { AnalyticsWriters } from './analytics-writers';
import type { AttributionRow } from './analytics-rows';
import { toAttributionRow, toDomainEventRow, userOfEvent } from './domain-event-rows';
import { eraseUserAnalytics } from './erase-user-analytics';

/**
 * Copies every domain event into the analytics store (domain_events, and attribution for sign-ups), then
 * marks the user-days it changed dirty. The batch is acknowledged (offset committed, checkpoint advanced)
 * only after both, so a crash in between delivers it again: the rows collapse by event id and the jobs by
 * their dedupe key. A UserErased event then anonymises that user's analytics (eraseUserAnalytics).
 */
export class DomainIngestConsumer implements DomainEventConsumer {
  readonly id = 'analytics-ingest';
  private readonly unreadableTypes = new Set<string>();

  constructor(
    private readonly deps: {
      writers: AnalyticsWriters;
      analytics: AnalyticsClient;
      queues: JobQueues;
      registry: EventRegistry;
      logger: Logger;
      timeZones: TimeZoneLookup;
    },
  ) {}

  async handle(events: readonly StoredEvent[], context: BatchContext): Promise<void> {
    const { writers, registry } = this.deps;
    const attribution: AttributionRow[] = [];
    const rows = events.map((event) => {
      const { row, readable } = toDomainEventRow(event, registry);
      if (!readable) this.reportUnreadable(event);
      else {
        const touch = toAttributionRow(event, registry);
        if (touch) attribution.push(touch);
      }
      return row;
    });
    const durable = Promise.all([writers.domainEvents.add(rows), writers.attribution.add(attribution)]);
    // Caught up: nothing is coming to fill the batch, so write now rather than after the batching delay.
    if (context.caughtUp) {
      void writers.domainEvents.flush();
      void writers.attribution.flush();
    }
    await durable;
    for (const event of events) {
      if (event.type === 'UserErased') await eraseUserAnalytics(this.deps.analytics, userOfEvent(event));
    }
    const zoneOf = await this.deps.timeZones(events.map(userOfEvent));
    await scheduleDailyMetrics(this.deps.queues, userDaysOfDomainEvents(events, zoneOf));
  }

  private reportUnreadable(event: StoredEvent): void {
    if (this.unreadableTypes.has(event.type)) return;
    this.unreadableTypes.add(event.type);
    this.deps.logger.warn(
      { eventType: event.type, schemaVersion: event.schemaVersion, eventId: event.eventId },
      'event type not readable by the registry; stored raw without extracted columns',
    );
  }
}
