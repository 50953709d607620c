import { z } from 'zod';
import type { CommandMetadata } from '@stride/domain/shared/event';
import { streamIds } from '@stride/domain/stream-ids';
import { userDecider, type UserCommand } from '@stride/domain/users/user-decider';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';

/** The result of a command on the caller's own user stream: the position a read must wait for. */
export const positionResultSchema = z.object({ position: z.number().int().nullable() });
export type PositionResult = z.infer<typeof positionResultSchema>;

/** Runs one command on the caller's own user stream (a user that was never registered is a 404). */
export async function runOnOwnUser(
  services: Services,
  context: CommandContext,
  command: (metadata: CommandMetadata) => UserCommand,
): Promise<PositionResult> {
  const { result } = await services.commands.execute({
    streams: { user: { streamId: streamIds.user(context.userId), decider: userDecider } },
    decide: (states, metadata) => ({ user: userDecider.decide(command(metadata), states.user) }),
    context,
    result: (outcome) => ({ position: outcome.position }),
  });
  return result;
}
