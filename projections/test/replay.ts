import type { StoredEvent } from '@stride/platform/event-store/types';
import type { DomainEvent } from '@stride/domain/shared/event';
import { eventRegistry } from '@stride/domain/event-catalogue';
import type { Projection } from '../src/core/projection';
import { RowStore } from '../src/core/row-store';

/** Builds stored events for projection unit tests: positions, versions and times are deterministic. */
export function storedEvents(
  entries: readonly { streamId: string; event: DomainEvent; userId?: string; schemaVersion?: number }[],
): StoredEvent[] {
  const versions = new Map<string, number>();
  return entries.map(({ streamId, event, userId = 'usr_test', schemaVersion }, index) => {
    const streamVersion = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, streamVersion);
    const recordedAt = new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString();
    const version = schemaVersion ?? (eventRegistry.has(event.type) ? eventRegistry.schemaVersionOf(event.type) : 1);
    return {
      globalPosition: index + 1,
      transactionId: String(100 + index),
      streamId,
      streamVersion,
      eventId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      type: event.type,
      schemaVersion: version,
      data: event.data,
      metadata: { userId, correlationId: 'c', causationId: null, schemaVersion: version, recordedAt },
      recordedAt,
    };
  });
}

/** Replays events into a projection's rows in memory (what audit:verify does). */
export function replay(projection: Projection, events: readonly StoredEvent[]): RowStore {
  const rows = new RowStore(projection.tables, 'complete');
  projection.decodeBatch(events).applyTo(rows);
  return rows;
}
