import { streamIds } from '@stride/domain/stream-ids';
import { usageDecider } from '@stride/domain/usage/usage-decider';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { snapshotOf, type UsageSnapshot } from './usage-snapshot';

/** CheckAndResetMonth on the caller's usage stream: resets the counters when a new UTC month began. */
export async function checkAndResetMonth(
  services: Services,
  context: CommandContext,
): Promise<UsageSnapshot & { reset: boolean; position: number | null }> {
  const { outcome } = await services.commands.execute({
    streams: { usage: { streamId: streamIds.usage(context.userId), decider: usageDecider } },
    decide: (states, metadata) => ({
      usage: usageDecider.decide({ type: 'CheckAndResetMonth', data: {}, metadata }, states.usage),
    }),
    context,
    result: () => null,
  });
  const usage = outcome.streams.usage;
  return {
    ...snapshotOf(usage.state, services.clock()),
    reset: usage.events.some((event) => event.type === 'UsageMonthReset'),
    position: outcome.position,
  };
}
