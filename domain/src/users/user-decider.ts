import type { AttributionRecord } from '../analytics/acquisition-channel';
import { changedFields, isEmpty } from '../shared/changed-fields';
import { createEvent } from '../shared/create-event';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { assertNever, type Command, type CommandMetadata } from '../shared/event';
import { isTimeZone } from '../dates/local-date';
import type { TimeZoneSource } from './user-time-zone';
import {
  evolve,
  initialState,
  MAX_PREFERENCE_KEYS,
  onboardingCompleted,
  userPreferencesUpdated,
  userErased,
  userProfileUpdated,
  userRegistered,
  userTimeZoneChanged,
  type Preferences,
  type RegisteredUser,
  type UserEvent,
  type UserState,
} from './user-events';

interface Profile {
  readonly email?: string;
  readonly name?: string;
}

export type RegisterUser = Command<
  'RegisterUser',
  { userId: string; email: string; name: string; attribution?: AttributionRecord | null }
>;
export type UpdateProfile = Command<'UpdateProfile', Profile>;
export type UpdatePreferences = Command<'UpdatePreferences', { preferences: Preferences }>;
export type CompleteOnboarding = Command<'CompleteOnboarding', Record<string, never>>;
export type ChangeTimeZone = Command<'ChangeTimeZone', { timeZone: string; source: TimeZoneSource }>;

/**
 * Erase a user: the user themselves (`by: 'user'`), or an admin (`by: 'admin'`; the caller checked the
 * admin's rights) naming the user. `goals` and `collectionIds` are the aggregates the user owns.
 */
export type EraseUser = Command<
  'EraseUser',
  {
    userId: string;
    by: 'user' | 'admin';
    goals: { goalId: string; taskIds: string[] }[];
    collectionIds: string[];
    subtasks?: { goalId: string; subtaskIds: string[] }[];
    series?: { goalId: string; seriesIds: string[] }[];
    stripeCustomerIds?: string[];
    templateIds?: string[];
    timeEntries?: { goalId: string; taskId: string; entryIds: string[] }[];
  }
>;

export type UserCommand =
  RegisterUser | UpdateProfile | UpdatePreferences | CompleteOnboarding | ChangeTimeZone | EraseUser;

const requireUserId = (userId: string): void => {
  if (userId.trim() === '') throw new DomainError('validation', 'User ID is required', { field: 'userId' });
};

/** A user's stream is only written on that user's behalf; anyone else is told it does not exist. */
const ownUser = (state: UserState, metadata: CommandMetadata): RegisteredUser => {
  if (state === null || state.userId !== metadata.userId) throw new DomainError('not_found', 'User not found');
  return state;
};

const profileChanges = (user: RegisteredUser, profile: Profile): UserEvent[] => {
  const changes = changedFields<Profile>(user, profile);
  return isEmpty(changes) ? [] : [createEvent(userProfileUpdated, changes)];
};

/** Registering is idempotent: a known user only has a changed email or name recorded. */
const registerUser = ({ data, metadata }: RegisterUser, state: UserState): UserEvent[] => {
  requireUserId(data.userId);
  if (data.userId !== metadata.userId) {
    throw new DomainError('forbidden', 'A user can only register themselves', { field: 'userId' });
  }
  if (state !== null) return profileChanges(state, { email: data.email, name: data.name });
  const { userId, email, name, attribution = null } = data;
  return [createEvent(userRegistered, { userId, email, name, attribution })];
};

/** Preferences merge into the stored ones; a submission that changes nothing records nothing. */
const updatePreferences = (user: RegisteredUser, preferences: Preferences): UserEvent[] => {
  if (isEmpty(changedFields(user.preferences, preferences))) return [];
  if (Object.keys({ ...user.preferences, ...preferences }).length > MAX_PREFERENCE_KEYS) {
    throw new DomainError('validation', `At most ${MAX_PREFERENCE_KEYS} preferences are allowed`, {
      field: 'preferences',
    });
  }
  return [createEvent(userPreferencesUpdated, { preferences })];
};

/**
 * The profile's choice always wins; the browser's zone is only taken while none is recorded, so signing in
 * on a laptop set to another zone never overrides what the user chose or what their first browser said.
 */
const changeTimeZone = (user: RegisteredUser, { timeZone, source }: ChangeTimeZone['data']): UserEvent[] => {
  if (!isTimeZone(timeZone)) {
    throw new DomainError('validation', 'Expected an IANA time zone such as Europe/Berlin', { field: 'timeZone' });
  }
  if (source === 'browser' && user.timeZone !== null) return [];
  if (user.timeZone === timeZone) return [];
  return [createEvent(userTimeZoneChanged, { timeZone, source })];
};

const eraseUser = ({ data, metadata }: EraseUser, state: UserState): UserEvent[] => {
  const self = data.by === 'user';
  if (state === null || state.userId !== data.userId || (self && data.userId !== metadata.userId)) {
    throw new DomainError('not_found', 'User not found');
  }
  const {
    userId,
    by,
    goals,
    collectionIds,
    subtasks = [],
    series = [],
    templateIds = [],
    timeEntries = [],
    stripeCustomerIds = [],
  } = data;
  return [
    createEvent(userErased, {
      userId,
      by,
      erasedAt: metadata.now.toISOString(),
      goals,
      collectionIds,
      subtasks,
      series,
      stripeCustomerIds,
      templateIds,
      timeEntries,
    }),
  ];
};

export const decide = (command: UserCommand, state: UserState): UserEvent[] => {
  requireUserId(command.metadata.userId);
  if (command.type === 'RegisterUser') return registerUser(command, state);
  if (command.type === 'EraseUser') return eraseUser(command, state);
  const user = ownUser(state, command.metadata);
  switch (command.type) {
    case 'UpdateProfile':
      return profileChanges(user, command.data);
    case 'UpdatePreferences':
      return updatePreferences(user, command.data.preferences);
    case 'CompleteOnboarding':
      return user.onboardingCompleted ? [] : [createEvent(onboardingCompleted, {})];
    case 'ChangeTimeZone':
      return changeTimeZone(user, command.data);
    default:
      return assertNever(command);
  }
};

export const userDecider: Decider<UserState, UserCommand, UserEvent> = { initialState, decide, evolve };
