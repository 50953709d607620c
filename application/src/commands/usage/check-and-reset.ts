import { z } from 'zod';
import { usageDecider } from '@stride/domain/usage/usage-decider';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { snapshotOf, usageTarget, usageTimeZoneOf } from './usage-snapshot';

export const inputSchema = z.object({});

export const resultSchema = z.object({
  reset: z.boolean(),
  currentMonth: z.string(),
  goalsThisMonth: z.number().int(),
  aiGenerationsThisMonth: z.number().int(),
  lastResetDate: z.string().nullable(),
  position: z.number().int().nullable(),
});
export type CheckAndResetResult = z.infer<typeof resultSchema>;

/**
 * CheckAndResetMonth on the caller's usage stream: resets the counters when a new month began where the user lives. The
 * result (stored with an Idempotency-Key) is the counters as this command left them.
 */
export async function run(
  services: Services,
  context: CommandContext,
  _input: z.infer<typeof inputSchema>,
): Promise<CheckAndResetResult> {
  const timeZone = await usageTimeZoneOf(services, context.userId);
  const { result } = await services.commands.execute({
    streams: { usage: usageTarget(context.userId) },
    decide: (states, metadata) => ({
      usage: usageDecider.decide({ type: 'CheckAndResetMonth', data: { timeZone }, metadata }, states.usage),
    }),
    context,
    result: ({ streams: { usage }, position }) => ({
      ...snapshotOf(usage.state, services.clock(), timeZone),
      reset: usage.events.some((event) => event.type === 'UsageMonthReset'),
      position,
    }),
  });
  return result;
}
