import { calendarFeedEventDefinitions, type CalendarFeedEvent } from '@stride/domain/calendar/calendar-feed-events';
import type { EventRegistry } from '@stride/domain/shared/event-registry';
import { assertNever } from '@stride/domain/shared/event';
import { parseStreamId } from '@stride/domain/stream-ids';
import { isoInstant } from '../core/instant';
import { defineProjection, rowRef, type EventEnvelope, type RowRef } from '../core/projection';
import type { RowStore } from '../core/row-store';
import { defineTable } from '../core/table';
import { userErased } from '@stride/domain/users/user-events';
import type { EventOf } from '@stride/domain/shared/create-event';

/** What the feeds read model takes: the feed stream's events, and UserErased (an erased user's feed stops). */
type CalendarFeedsEvent = CalendarFeedEvent | EventOf<typeof userErased>;

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

const keysOf = (event: CalendarFeedsEvent, envelope: EventEnvelope): RowRef[] => [
  rowRef(calendarFeedsTable, { user_id: event.type === 'UserErased' ? event.data.userId : userIdOf(envelope) }),
];

/** The feed stream's state over rows: a new token replaces the row, a revoke or the user's erasure removes it. */
export const applyCalendarFeedEvent = (rows: RowStore, event: CalendarFeedsEvent, envelope: EventEnvelope): void => {
  if (event.type === 'UserErased') return rows.delete(calendarFeedsTable, { user_id: event.data.userId });
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
  defineProjection<CalendarFeedsEvent>(
    {
      name: 'calendar',
      tables: [calendarFeedsTable],
      eventTypes: [...calendarFeedEventDefinitions, userErased].map((definition) => definition.type),
      keysOf,
      apply: applyCalendarFeedEvent,
    },
    registry,
  );
