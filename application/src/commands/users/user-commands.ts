import type { Preferences } from '@stride/domain/users/user-events';
import { streamIds } from '@stride/domain/stream-ids';
import { userDecider, type UserCommand } from '@stride/domain/users/user-decider';
import type { CommandMetadata } from '@stride/domain/shared/event';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';

type UserCommandOf<Type extends UserCommand['type']> = Extract<UserCommand, { type: Type }>;

/** Runs one command on the caller's own user stream (a user that was never registered is a 404). */
async function runOnOwnUser(
  services: Services,
  context: CommandContext,
  command: (metadata: CommandMetadata) => UserCommand,
): Promise<{ position: number | null }> {
  const { result } = await services.commands.execute({
    streams: { user: { streamId: streamIds.user(context.userId), decider: userDecider } },
    decide: (states, metadata) => ({ user: userDecider.decide(command(metadata), states.user) }),
    context,
    result: (outcome) => ({ position: outcome.position }),
  });
  return result;
}

export const updatePreferences = (services: Services, context: CommandContext, preferences: Preferences) =>
  runOnOwnUser(services, context, (metadata): UserCommandOf<'UpdatePreferences'> => ({
    type: 'UpdatePreferences',
    data: { preferences },
    metadata,
  }));

export const completeOnboarding = (services: Services, context: CommandContext) =>
  runOnOwnUser(services, context, (metadata): UserCommandOf<'CompleteOnboarding'> => ({
    type: 'CompleteOnboarding',
    data: {},
    metadata,
  }));
