import { describe, expect, it } from 'vitest';
import { eventRegistry } from '@stride/domain/event-catalogue';
import { replay, storedEvents } from '../../test/replay';
import { calendarFeedsTable, createCalendarFeedsProjection } from './calendar-feeds-projection';

const projection = createCalendarFeedsProjection(eventRegistry);
const issued = (tokenHash: string) => ({
  streamId: 'calendar-usr_1',
  event: { type: 'CalendarFeedIssued', data: { userId: 'usr_1', tokenHash, issuedAt: '2026-11-25T10:00:00Z' } },
});

describe('calendar feeds projection', () => {
  it('keeps the latest token of each user', () => {
    const rows = replay(projection, storedEvents([issued('a'.repeat(64)), issued('b'.repeat(64))]));
    expect(rows.rows(calendarFeedsTable)).toEqual([
      { user_id: 'usr_1', token_hash: 'b'.repeat(64), issued_at: '2026-11-25T10:00:00.000Z' },
    ]);
  });

  it('has no row once the feed is revoked', () => {
    const revoked = {
      streamId: 'calendar-usr_1',
      event: { type: 'CalendarFeedRevoked', data: { revokedAt: '2026-11-25T11:00:00Z' } },
    };
    expect(replay(projection, storedEvents([issued('a'.repeat(64)), revoked])).rows(calendarFeedsTable)).toEqual([]);
  });
});
