import { calendarFeedEventDefinitions, type CalendarFeedEvent } from '@stride/domain/calendar/calendar-feed-events';
import type { EventRegistry } from '@stride/domain/shared/event-registry';
import { assertNever } from '@stride/domain/shared/event';
import { parseStreamId } from '@stride/domain/stream-ids';
import { isoInstant } from '../core/instant';
import { defineProjection, rowRef, type EventEnvelope, type RowRef } from '../core/projection';
import type { RowStore } from '../core/row-store';
import { defineTable } from '../core/table';

/** A user's live feed token (migration 0051), found by the hash of the token in a feed URL. */
export interface CalendarFeedRecord {
  user_id: string;
  token_hash: string;
  issued_at: string;
}

export const calendarFeedsTable = defineTable<CalendarFeedRecord, 'user_id'>({
  name: 'calendar_feeds',
  key: ['user_id'],
  columns: { user_id: 'text', token_hash: 'text', issued_at: 'instant' },
});

const userIdOf = (envelope: EventEnvelope): string => parseStreamId(envelope.streamId).id;

const keysOf = (_event: CalendarFeedEvent, envelope: EventEnvelope): RowRef[] => [
  rowRef(calendarFeedsTable, { user_id: userIdOf(envelope) }),
];

/** The feed stream's state over rows: a new token replaces the row, a revoke removes it. */
export const applyCalendarFeedEvent = (rows: RowStore, event: CalendarFeedEvent, envelope: EventEnvelope): void => {
  const user_id = userIdOf(envelope);
  switch (event.type) {
    case 'CalendarFeedIssued':
      return rows.put(calendarFeedsTable, {
        user_id,
        token_hash: event.data.tokenHash,
        issued_at: isoInstant(event.data.issuedAt),
      });
    case 'CalendarFeedRevoked':
      return rows.delete(calendarFeedsTable, { user_id });
    default:
      return assertNever(event);
  }
};

export const createCalendarFeedsProjection = (registry: EventRegistry) =>
  defineProjection<CalendarFeedEvent>(
    {
      name: 'calendar',
      tables: [calendarFeedsTable],
      eventTypes: calendarFeedEventDefinitions.map((definition) => definition.type),
      keysOf,
      apply: applyCalendarFeedEvent,
    },
    registry,
  );
