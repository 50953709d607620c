import { z } from 'zod';
import { attributionInputSchema, type AttributionInput } from '@stride/domain/contracts/users';
import { deriveAcquisitionChannel, type AttributionRecord } from '@stride/domain/analytics/acquisition-channel';
import { dayOf } from '@stride/domain/shared/month';
import { streamIds } from '@stride/domain/stream-ids';
import { userDecider } from '@stride/domain/users/user-decider';
import { evolve } from '@stride/domain/users/user-events';
import { userTimeZoneSchema } from '@stride/domain/users/user-time-zone';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';

export const inputSchema = z.object({
  email: z.string(),
  name: z.string(),
  attribution: attributionInputSchema.nullable(),
  /** The browser's zone: recorded when the user has none yet (sign-in on a first visit or after an upgrade). */
  browserTimeZone: userTimeZoneSchema.nullable().default(null),
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

/**
 * RegisterUser for the caller: creates the user once; afterwards only records a changed email or name.
 * The browser's time zone is recorded in the same append while the user has none.
 */
export async function run(
  services: Services,
  context: CommandContext,
  { email, name, attribution, browserTimeZone }: RegisterUserInput,
): Promise<RegisterUserResult> {
  const { result } = await services.commands.execute({
    streams: { user: { streamId: streamIds.user(context.userId), decider: userDecider } },
    decide: (states, metadata) => {
      const registration = userDecider.decide(
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
      );
      if (!browserTimeZone) return { user: registration };
      const registered = registration.reduce(evolve, states.user);
      const zone = userDecider.decide(
        { type: 'ChangeTimeZone', data: { timeZone: browserTimeZone, source: 'browser' }, metadata },
        registered,
      );
      return { user: [...registration, ...zone] };
    },
    context,
    result: (outcome) => ({
      created: outcome.streams.user.events.some((event) => event.type === 'UserRegistered'),
      position: outcome.position,
    }),
  });
  return result;
}
