import { z } from 'zod';
import type { EventOf } from '../shared/create-event';
import { assertNever, defineEvent } from '../shared/event';

/**
 * A user's private iCalendar feed (stream `calendar-{userId}`): a secret token in the feed's URL lets any
 * calendar app read the user's dated tasks. Only the token's SHA-256 is kept, so the log never holds a
 * usable URL; issuing a new token replaces the old one, revoking leaves none.
 */
const tokenHash = z.string().regex(/^[0-9a-f]{64}$/, 'Expected a SHA-256 hex digest');

export const calendarFeedIssued = defineEvent({
  type: 'CalendarFeedIssued',
  schemaVersion: 1,
  schema: z.object({ userId: z.string().min(1), tokenHash, issuedAt: z.iso.datetime() }),
});

export const calendarFeedRevoked = defineEvent({
  type: 'CalendarFeedRevoked',
  schemaVersion: 1,
  schema: z.object({ revokedAt: z.iso.datetime() }),
});

export const calendarFeedEventDefinitions = [calendarFeedIssued, calendarFeedRevoked] as const;
export type CalendarFeedEvent = EventOf<(typeof calendarFeedEventDefinitions)[number]>;

/** The feed's current token (its hash), or null when there is none. */
export type CalendarFeedState = { readonly tokenHash: string | null };

export const initialState = (): CalendarFeedState => ({ tokenHash: null });

export const evolve = (state: CalendarFeedState, event: CalendarFeedEvent): CalendarFeedState => {
  switch (event.type) {
    case 'CalendarFeedIssued':
      return { tokenHash: event.data.tokenHash };
    case 'CalendarFeedRevoked':
      return { tokenHash: null };
    default:
      return assertNever(event);
  }
};
