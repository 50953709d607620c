import { describe, it } from 'vitest';
import type { CommandMetadata } from '../shared/event';
import { deciderSpec } from '../testing/decider-spec';
import { calendarFeedDecider } from './calendar-feed-decider';
import type { CalendarFeedEvent } from './calendar-feed-events';

const spec = deciderSpec(calendarFeedDecider);
const metadata: CommandMetadata = { now: new Date('2026-11-25T10:00:00.000Z'), userId: 'user_1' };
const first = 'a'.repeat(64);
const second = 'b'.repeat(64);
const issued: CalendarFeedEvent = {
  type: 'CalendarFeedIssued',
  data: { userId: 'user_1', tokenHash: first, issuedAt: '2026-11-25T10:00:00.000Z' },
};

describe('Calendar feed decider', () => {
  it('given no feed, when IssueCalendarFeed, then CalendarFeedIssued with the token hash', () => {
    spec
      .given([])
      .when({ type: 'IssueCalendarFeed', data: { tokenHash: first }, metadata })
      .then([issued]);
  });

  it('given a feed, when a new token is issued, then it replaces the old one', () => {
    spec
      .given([issued])
      .when({ type: 'IssueCalendarFeed', data: { tokenHash: second }, metadata })
      .then([{ type: 'CalendarFeedIssued', data: { ...issued.data, tokenHash: second } }]);
  });

  it('given a feed, when the same token is issued again, then illegal_state', () => {
    spec
      .given([issued])
      .when({ type: 'IssueCalendarFeed', data: { tokenHash: first }, metadata })
      .thenThrows('illegal_state');
  });

  it('given a feed, when RevokeCalendarFeed, then CalendarFeedRevoked', () => {
    spec
      .given([issued])
      .when({ type: 'RevokeCalendarFeed', data: {}, metadata })
      .then([{ type: 'CalendarFeedRevoked', data: { revokedAt: '2026-11-25T10:00:00.000Z' } }]);
  });

  it('given a revoked feed (or none), when RevokeCalendarFeed, then nothing', () => {
    const revoked: CalendarFeedEvent = { type: 'CalendarFeedRevoked', data: { revokedAt: '2026-11-25T11:00:00.000Z' } };
    spec.given([issued, revoked]).when({ type: 'RevokeCalendarFeed', data: {}, metadata }).then([]);
    spec.given([]).when({ type: 'RevokeCalendarFeed', data: {}, metadata }).then([]);
  });
});
