import { z } from 'zod';
import { attributionInputSchema, type AttributionInput } from '@stride/domain/contracts/users';
import { deriveAcquisitionChannel, type AttributionRecord } from '@stride/domain/analytics/acquisition-channel';
import { dayOf } from '@stride/domain/shared/month';
import { streamIds } from '@stride/domain/stream-ids';
import { userDecider } from '@stride/domain/users/user-decider';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';

export const inputSchema = z.object({
  email: z.string(),
  name: z.string(),
  attribution: attributionInputSchema.nullable(),
});
export type RegisterUserInput = z.infer<typeof inputSchema>;

export const resultSchema = z.object({
  /** Whether this call registered the user (false: the user existed; only changes were recorded). */
  created: z.boolean(),
  position: z.number().int().nullable(),
});
export type RegisterUserResult = z.infer<typeof resultSchema>;

/** The attribution record kept at sign-up: the client's first-touch data plus the derived channel. */
export const attributionRecordOf = (input: AttributionInput, now: Date): AttributionRecord => ({
  ...input,
  acquisition_channel: deriveAcquisitionChannel(input),
  signup_date: dayOf(now),
});

/** RegisterUser for the caller: creates the user once; afterwards only records a changed email or name. */
export async function run(
  services: Services,
  context: CommandContext,
  { email, name, attribution }: RegisterUserInput,
): Promise<RegisterUserResult> {
  const { result } = await services.commands.execute({
    streams: { user: { streamId: streamIds.user(context.userId), decider: userDecider } },
    decide: (states, metadata) => ({
      user: userDecider.decide(
        {
          type: 'RegisterUser',
          data: {
            userId: context.userId,
            email,
            name,
            attribution: attribution ? attributionRecordOf(attribution, metadata.now) : null,
          },
          metadata,
        },
        states.user,
      ),
    }),
    context,
    result: (outcome) => ({
      created: outcome.streams.user.events.some((event) => event.type === 'UserRegistered'),
      position: outcome.position,
    }),
  });
  return result;
}
