import { z } from 'zod';
import { attributionRecordSchema } from '../analytics/acquisition-channel';
import type { EventOf } from '../shared/create-event';
import { assertNever, defineEvent } from '../shared/event';

export const MAX_PREFERENCE_KEYS = 20;

const emailSchema = z.email().max(320);
const nameSchema = z.string().trim().max(200);

/** Small UI preferences: the known lastViewedGoalId plus other short scalar values. */
export const preferencesSchema = z
  .object({ lastViewedGoalId: z.string().min(1).max(100).nullable().optional() })
  .catchall(z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
  .refine((preferences) => Object.keys(preferences).length <= MAX_PREFERENCE_KEYS, {
    message: `At most ${MAX_PREFERENCE_KEYS} preferences are allowed`,
  });
export type Preferences = z.output<typeof preferencesSchema>;

export const userRegistered = defineEvent({
  type: 'UserRegistered',
  schemaVersion: 1,
  schema: z.object({
    userId: z.string().min(1),
    email: emailSchema,
    name: nameSchema,
    attribution: attributionRecordSchema.nullable(),
  }),
});

export const userProfileUpdated = defineEvent({
  type: 'UserProfileUpdated',
  schemaVersion: 1,
  schema: z.object({ email: emailSchema.optional(), name: nameSchema.optional() }),
});

export const userPreferencesUpdated = defineEvent({
  type: 'UserPreferencesUpdated',
  schemaVersion: 1,
  schema: z.object({ preferences: preferencesSchema }),
});

export const onboardingCompleted = defineEvent({
  type: 'OnboardingCompleted',
  schemaVersion: 1,
  schema: z.object({}),
});

export const userEventDefinitions = [
  userRegistered,
  userProfileUpdated,
  userPreferencesUpdated,
  onboardingCompleted,
] as const;

export type UserEvent = EventOf<(typeof userEventDefinitions)[number]>;

export interface RegisteredUser {
  readonly userId: string;
  readonly email: string;
  readonly name: string;
  readonly preferences: Preferences;
  readonly onboardingCompleted: boolean;
}

/** null until UserRegistered. */
export type UserState = RegisteredUser | null;

export const initialState = (): UserState => null;

export const evolve = (state: UserState, event: UserEvent): UserState => {
  if (event.type === 'UserRegistered') {
    const { userId, email, name } = event.data;
    return { userId, email, name, preferences: {}, onboardingCompleted: false };
  }
  if (state === null) return state;
  switch (event.type) {
    case 'UserProfileUpdated':
      return { ...state, email: event.data.email ?? state.email, name: event.data.name ?? state.name };
    case 'UserPreferencesUpdated':
      return { ...state, preferences: { ...state.preferences, ...event.data.preferences } };
    case 'OnboardingCompleted':
      return { ...state, onboardingCompleted: true };
    default:
      return assertNever(event);
  }
};
