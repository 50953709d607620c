import { z } from 'zod';
import { attributionRecordSchema } from '../analytics/acquisition-channel';
import type { EventOf } from '../shared/create-event';
import { assertNever, defineEvent } from '../shared/event';
import { idSchema } from '../shared/id';
import { timeZoneSourceSchema, userTimeZoneSchema } from './user-time-zone';
import { ERASED } from '../privacy/personal-data';

export const MAX_PREFERENCE_KEYS = 20;

export const emailSchema = z.email().max(320);
export const nameSchema = z.string().trim().max(200);
/** An email as stored: a real one, or what it reads as once its user has been erased. */
const storedEmailSchema = emailSchema.or(z.literal(ERASED));

/** Small UI preferences: the known lastViewedGoalId plus other short scalar values (any number of them). */
export const preferenceValuesSchema = z
  .object({ lastViewedGoalId: idSchema.nullable().optional() })
  .catchall(z.union([z.string().max(500), z.number(), z.boolean(), z.null()]));

/** Preferences as stored: at most MAX_PREFERENCE_KEYS of them. */
export const preferencesSchema = preferenceValuesSchema.refine(
  (preferences) => Object.keys(preferences).length <= MAX_PREFERENCE_KEYS,
  {
    message: `At most ${MAX_PREFERENCE_KEYS} preferences are allowed`,
  },
);
export type Preferences = z.output<typeof preferencesSchema>;

export const userRegistered = defineEvent({
  type: 'UserRegistered',
  schemaVersion: 1,
  schema: z.object({
    userId: z.string().min(1),
    email: storedEmailSchema,
    name: nameSchema,
    attribution: attributionRecordSchema.nullable(),
  }),
});

export const userProfileUpdated = defineEvent({
  type: 'UserProfileUpdated',
  schemaVersion: 1,
  schema: z.object({ email: storedEmailSchema.optional(), name: nameSchema.optional() }),
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

/** The user's time zone changed: every day, hour, streak and usage month of theirs is counted in it. */
export const userTimeZoneChanged = defineEvent({
  type: 'UserTimeZoneChanged',
  schemaVersion: 1,
  schema: z.object({ timeZone: userTimeZoneSchema, source: timeZoneSourceSchema }),
});

/**
 * The user was erased (crypto-shredding): their data key is gone, so every personal field they wrote reads
 * as "[erased]". It names the aggregates they owned, so every read model can drop their rows, live and in
 * replays alike. `by` says who asked: the user themselves, or an admin.
 */
export const userErased = defineEvent({
  type: 'UserErased',
  schemaVersion: 1,
  schema: z.object({
    userId: z.string().min(1),
    by: z.enum(['user', 'admin']),
    erasedAt: z.iso.datetime(),
    goals: z.array(z.object({ goalId: z.string().min(1), taskIds: z.array(z.string().min(1)) })),
    collectionIds: z.array(z.string().min(1)),
    /** The user's sub-steps and recurring series, by goal (absent in erasures recorded before they existed). */
    subtasks: z.array(z.object({ goalId: z.string().min(1), subtaskIds: z.array(z.string().min(1)) })).optional(),
    series: z.array(z.object({ goalId: z.string().min(1), seriesIds: z.array(z.string().min(1)) })).optional(),
    /**
     * The user's customers at the payment provider, deleted there by the workers from this event (the log is
     * the outbox: a crash after the erasure committed still deletes them). Absent in erasures recorded before.
     */
    stripeCustomerIds: z.array(z.string().min(1)).optional(),
    /** The user's own goal templates (absent in erasures recorded before they existed). */
    templateIds: z.array(z.string().min(1)).optional(),
    /** The user's logged time, by task (absent in erasures recorded before it was named here). */
    timeEntries: z
      .array(z.object({ goalId: z.string().min(1), taskId: z.string().min(1), entryIds: z.array(z.string().min(1)) }))
      .optional(),
  }),
});

export const userEventDefinitions = [
  userRegistered,
  userProfileUpdated,
  userPreferencesUpdated,
  onboardingCompleted,
  userTimeZoneChanged,
  userErased,
] as const;

export type UserEvent = EventOf<(typeof userEventDefinitions)[number]>;

export interface RegisteredUser {
  readonly userId: string;
  readonly email: string;
  readonly name: string;
  readonly preferences: Preferences;
  readonly onboardingCompleted: boolean;
  /** null until a time zone is recorded (the user then counts in DEFAULT_TIME_ZONE). */
  readonly timeZone: string | null;
}

/** null until UserRegistered. */
export type UserState = RegisteredUser | null;

export const initialState = (): UserState => null;

export const evolve = (state: UserState, event: UserEvent): UserState => {
  if (event.type === 'UserRegistered') {
    const { userId, email, name } = event.data;
    return { userId, email, name, preferences: {}, onboardingCompleted: false, timeZone: null };
  }
  if (state === null) return state;
  switch (event.type) {
    case 'UserProfileUpdated':
      return { ...state, email: event.data.email ?? state.email, name: event.data.name ?? state.name };
    case 'UserPreferencesUpdated':
      return { ...state, preferences: { ...state.preferences, ...event.data.preferences } };
    case 'OnboardingCompleted':
      return { ...state, onboardingCompleted: true };
    case 'UserTimeZoneChanged':
      return { ...state, timeZone: event.data.timeZone };
    case 'UserErased':
      return null;
    default:
      return assertNever(event);
  }
};
