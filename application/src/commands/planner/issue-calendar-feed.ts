import { z } from 'zod';
import { calendarFeedDecider } from '@stride/domain/calendar/calendar-feed-decider';
import { streamIds } from '@stride/domain/stream-ids';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { feedTokenHash, newFeedToken } from './calendar-feed-token';

export const inputSchema = z.object({});
export type IssueCalendarFeedInput = z.infer<typeof inputSchema>;

/**
 * The token is kept with an Idempotency-Key (so a retry answers the same URL); that record expires like
 * every other. The log keeps only its hash.
 */
export const resultSchema = z.object({ token: z.string(), position: z.number().int().nullable() });
export type IssueCalendarFeedResult = z.infer<typeof resultSchema>;

/** A new private feed URL for the caller's dated tasks; the previous URL stops working. */
export async function run(
  services: Services,
  context: CommandContext,
  _input: IssueCalendarFeedInput,
): Promise<IssueCalendarFeedResult> {
  const token = newFeedToken();
  const { result } = await services.commands.execute({
    streams: { feed: { streamId: streamIds.calendar(context.userId), decider: calendarFeedDecider } },
    decide: (states, metadata) => ({
      feed: calendarFeedDecider.decide(
        { type: 'IssueCalendarFeed', data: { tokenHash: feedTokenHash(token) }, metadata },
        states.feed,
      ),
    }),
    context,
    result: (outcome) => ({ token, position: outcome.position }),
  });
  return result;
}
