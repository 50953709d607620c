import { z } from 'zod';
import { calendarFeedDecider } from '@stride/domain/calendar/calendar-feed-decider';
import { streamIds } from '@stride/domain/stream-ids';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';

export const inputSchema = z.object({});
export type RevokeCalendarFeedInput = z.infer<typeof inputSchema>;

export const resultSchema = z.object({ position: z.number().int().nullable() });
export type RevokeCalendarFeedResult = z.infer<typeof resultSchema>;

/** The caller's feed URL stops working (nothing changes when there is none). */
export async function run(
  services: Services,
  context: CommandContext,
  _input: RevokeCalendarFeedInput,
): Promise<RevokeCalendarFeedResult> {
  const { result } = await services.commands.execute({
    streams: { feed: { streamId: streamIds.calendar(context.userId), decider: calendarFeedDecider } },
    decide: (states, metadata) => ({
      feed: calendarFeedDecider.decide({ type: 'RevokeCalendarFeed', data: {}, metadata }, states.feed),
    }),
    context,
    result: (outcome) => ({ position: outcome.position }),
  });
  return result;
}
