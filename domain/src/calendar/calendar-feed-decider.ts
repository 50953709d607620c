import { createEvent } from '../shared/create-event';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { assertNever, type Command } from '../shared/event';
import {
  calendarFeedIssued,
  calendarFeedRevoked,
  evolve,
  initialState,
  type CalendarFeedEvent,
  type CalendarFeedState,
} from './calendar-feed-events';

/** A new feed token (the caller makes it and keeps only its hash here); any older one stops working. */
export type IssueCalendarFeed = Command<'IssueCalendarFeed', { tokenHash: string }>;
/** No feed any more: the URL stops working. Nothing happens when there is none. */
export type RevokeCalendarFeed = Command<'RevokeCalendarFeed', Record<string, never>>;
export type CalendarFeedCommand = IssueCalendarFeed | RevokeCalendarFeed;

export const decide = (command: CalendarFeedCommand, state: CalendarFeedState): CalendarFeedEvent[] => {
  const now = command.metadata.now.toISOString();
  switch (command.type) {
    case 'IssueCalendarFeed': {
      if (command.data.tokenHash === state.tokenHash) {
        throw new DomainError('illegal_state', 'This feed token is already in use');
      }
      return [
        createEvent(calendarFeedIssued, {
          userId: command.metadata.userId,
          tokenHash: command.data.tokenHash,
          issuedAt: now,
        }),
      ];
    }
    case 'RevokeCalendarFeed':
      return state.tokenHash === null ? [] : [createEvent(calendarFeedRevoked, { revokedAt: now })];
    default:
      return assertNever(command);
  }
};

export const calendarFeedDecider: Decider<CalendarFeedState, CalendarFeedCommand, CalendarFeedEvent> = {
  initialState,
  decide,
  evolve,
};
