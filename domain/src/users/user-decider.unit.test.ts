import { describe, it } from 'vitest';
import type { CommandMetadata } from '../shared/event';
import { deciderSpec } from '../testing/decider-spec';
import { userDecider, type UserCommand } from './user-decider';
import type { UserEvent } from './user-events';

const spec = deciderSpec(userDecider);

const byUser: CommandMetadata = { now: new Date('2025-03-10T10:00:00.000Z'), userId: 'user_1' };
const byStranger: CommandMetadata = { ...byUser, userId: 'user_2' };

const attribution = { utm_source: 'newsletter', acquisition_channel: 'Email', signup_date: '2025-03-10' } as const;
const registration = { userId: 'user_1', email: 'ada@example.com', name: 'Ada' };
const userRegistered: UserEvent = { type: 'UserRegistered', data: { ...registration, attribution: null } };

describe('User decider', () => {
  describe('RegisterUser', () => {
    it('given no user, when RegisterUser, then UserRegistered with the attribution', () => {
      spec
        .given([])
        .when({ type: 'RegisterUser', data: { ...registration, attribution }, metadata: byUser })
        .then([{ type: 'UserRegistered', data: { ...registration, attribution } }]);
    });

    it('given no user, when RegisterUser without attribution, then UserRegistered with null attribution', () => {
      spec.given([]).when({ type: 'RegisterUser', data: registration, metadata: byUser }).then([userRegistered]);
    });

    it('given a registered user, when RegisterUser with the same profile, then no events', () => {
      spec
        .given([userRegistered])
        .when({ type: 'RegisterUser', data: { ...registration, attribution }, metadata: byUser })
        .then([]);
    });

    it('given a registered user, when RegisterUser with a new email, then UserProfileUpdated with the email', () => {
      spec
        .given([userRegistered])
        .when({ type: 'RegisterUser', data: { ...registration, email: 'ada@lovelace.dev' }, metadata: byUser })
        .then([{ type: 'UserProfileUpdated', data: { email: 'ada@lovelace.dev' } }]);
    });

    it.each([
      ['metadata', { ...byUser, userId: '' }, registration],
      ['data', byUser, { ...registration, userId: ' ' }],
    ])(
      'given no user, when RegisterUser with an empty %s user id, then "User ID is required"',
      (_where, metadata, data) => {
        spec
          .given([])
          .when({ type: 'RegisterUser', data, metadata })
          .thenThrows('validation', 'User ID is required', { field: 'userId' });
      },
    );

    it('given no user, when another user registers them, then forbidden', () => {
      spec.given([]).when({ type: 'RegisterUser', data: registration, metadata: byStranger }).thenThrows('forbidden');
    });

    it('given no user, when RegisterUser with a malformed email, then validation on email', () => {
      spec
        .given([])
        .when({ type: 'RegisterUser', data: { ...registration, email: 'not-an-email' }, metadata: byUser })
        .thenThrows('validation', undefined, { field: 'email' });
    });
  });

  describe('UpdateProfile', () => {
    it('given a registered user, when UpdateProfile, then UserProfileUpdated with the changed fields', () => {
      spec
        .given([userRegistered])
        .when({ type: 'UpdateProfile', data: { email: 'ada@example.com', name: 'Ada Lovelace' }, metadata: byUser })
        .then([{ type: 'UserProfileUpdated', data: { name: 'Ada Lovelace' } }]);
    });

    it('given a registered user, when UpdateProfile changes nothing, then no events', () => {
      spec
        .given([userRegistered])
        .when({ type: 'UpdateProfile', data: { name: 'Ada' }, metadata: byUser })
        .then([]);
    });
  });

  describe('UpdatePreferences', () => {
    it('given a registered user, when UpdatePreferences, then UserPreferencesUpdated', () => {
      spec
        .given([userRegistered])
        .when({
          type: 'UpdatePreferences',
          data: { preferences: { lastViewedGoalId: 'goal_1', theme: 'dark' } },
          metadata: byUser,
        })
        .then([
          { type: 'UserPreferencesUpdated', data: { preferences: { lastViewedGoalId: 'goal_1', theme: 'dark' } } },
        ]);
    });

    it('given saved preferences, when UpdatePreferences with the same values, then no events', () => {
      spec
        .given([
          userRegistered,
          { type: 'UserPreferencesUpdated', data: { preferences: { lastViewedGoalId: 'goal_1' } } },
        ])
        .when({ type: 'UpdatePreferences', data: { preferences: { lastViewedGoalId: 'goal_1' } }, metadata: byUser })
        .then([]);
    });

    it('given 20 saved preferences, when UpdatePreferences adds a 21st key, then validation', () => {
      const twenty = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`key${index}`, index]));
      spec
        .given([userRegistered, { type: 'UserPreferencesUpdated', data: { preferences: twenty } }])
        .when({ type: 'UpdatePreferences', data: { preferences: { lastViewedGoalId: null } }, metadata: byUser })
        .thenThrows('validation', 'At most 20 preferences are allowed', { field: 'preferences' });
    });

    it('given 20 saved preferences, when UpdatePreferences changes one of them, then UserPreferencesUpdated', () => {
      const twenty = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`key${index}`, index]));
      spec
        .given([userRegistered, { type: 'UserPreferencesUpdated', data: { preferences: twenty } }])
        .when({ type: 'UpdatePreferences', data: { preferences: { key0: 'changed' } }, metadata: byUser })
        .then([{ type: 'UserPreferencesUpdated', data: { preferences: { key0: 'changed' } } }]);
    });
  });

  describe('CompleteOnboarding', () => {
    it('given a registered user, when CompleteOnboarding, then OnboardingCompleted', () => {
      spec
        .given([userRegistered])
        .when({ type: 'CompleteOnboarding', data: {}, metadata: byUser })
        .then([{ type: 'OnboardingCompleted', data: {} }]);
    });

    it('given onboarding completed, when CompleteOnboarding again, then no events', () => {
      spec
        .given([userRegistered, { type: 'OnboardingCompleted', data: {} }])
        .when({ type: 'CompleteOnboarding', data: {}, metadata: byUser })
        .then([]);
    });
  });

  describe('ChangeTimeZone', () => {
    const zoneSet = (timeZone: string, source: 'browser' | 'profile'): UserEvent => ({
      type: 'UserTimeZoneChanged',
      data: { timeZone, source },
    });

    it('given no recorded zone, when the browser reports one, then UserTimeZoneChanged from the browser', () => {
      spec
        .given([userRegistered])
        .when({
          type: 'ChangeTimeZone',
          data: { timeZone: 'America/Los_Angeles', source: 'browser' },
          metadata: byUser,
        })
        .then([zoneSet('America/Los_Angeles', 'browser')]);
    });

    it('given a recorded zone, when another browser reports its zone, then no events (the first one stays)', () => {
      spec
        .given([userRegistered, zoneSet('America/Los_Angeles', 'browser')])
        .when({ type: 'ChangeTimeZone', data: { timeZone: 'Europe/Paris', source: 'browser' }, metadata: byUser })
        .then([]);
    });

    it('given a zone chosen in the profile, when the browser reports UTC, then no events', () => {
      spec
        .given([userRegistered, zoneSet('Asia/Tokyo', 'profile')])
        .when({ type: 'ChangeTimeZone', data: { timeZone: 'UTC', source: 'browser' }, metadata: byUser })
        .then([]);
    });

    it('given a browser zone, when the user picks another in the profile, then UserTimeZoneChanged', () => {
      spec
        .given([userRegistered, zoneSet('America/Los_Angeles', 'browser')])
        .when({ type: 'ChangeTimeZone', data: { timeZone: 'Europe/Berlin', source: 'profile' }, metadata: byUser })
        .then([zoneSet('Europe/Berlin', 'profile')]);
    });

    it('given a zone, when the profile picks the same zone, then no events', () => {
      spec
        .given([userRegistered, zoneSet('Europe/Berlin', 'browser')])
        .when({ type: 'ChangeTimeZone', data: { timeZone: 'Europe/Berlin', source: 'profile' }, metadata: byUser })
        .then([]);
    });

    it.each(['Mars/Olympus_Mons', '+05:00', '', 'Europe/Berlin; DROP TABLE users'])(
      'given a registered user, when ChangeTimeZone with %j, then validation on timeZone',
      (timeZone) => {
        spec
          .given([userRegistered])
          .when({ type: 'ChangeTimeZone', data: { timeZone, source: 'profile' }, metadata: byUser })
          .thenThrows('validation', 'Expected an IANA time zone such as Europe/Berlin', { field: 'timeZone' });
      },
    );

    it('given another user, when ChangeTimeZone, then not_found', () => {
      spec
        .given([userRegistered])
        .when({ type: 'ChangeTimeZone', data: { timeZone: 'UTC', source: 'profile' }, metadata: byStranger })
        .thenThrows('not_found', 'User not found');
    });
  });

  describe('access', () => {
    it.each<UserCommand>([
      { type: 'UpdateProfile', data: { name: 'Eve' }, metadata: byStranger },
      { type: 'UpdatePreferences', data: { preferences: { theme: 'dark' } }, metadata: byStranger },
      { type: 'CompleteOnboarding', data: {}, metadata: byStranger },
    ])('given another user, when $type, then not_found', (command) => {
      spec.given([userRegistered]).when(command).thenThrows('not_found', 'User not found');
    });

    it('given no user, when UpdateProfile, then not_found', () => {
      spec
        .given([])
        .when({ type: 'UpdateProfile', data: { name: 'Ada' }, metadata: byUser })
        .thenThrows('not_found', 'User not found');
    });

    it('given a registered user, when UpdateProfile without a user id, then "User ID is required"', () => {
      spec
        .given([userRegistered])
        .when({ type: 'UpdateProfile', data: { name: 'Ada' }, metadata: { ...byUser, userId: '' } })
        .thenThrows('validation', 'User ID is required', { field: 'userId' });
    });
  });
  describe('EraseUser', () => {
    const owned = {
      goals: [{ goalId: 'g-1', taskIds: ['t-1'] }],
      collectionIds: ['c-1'],
      subtasks: [{ goalId: 'g-1', subtaskIds: ['s-1'] }],
      series: [{ goalId: 'g-1', seriesIds: ['t-1'] }],
      stripeCustomerIds: ['cus_1'],
      templateIds: ['tpl-1'],
      timeEntries: [{ goalId: 'g-1', taskId: 't-1', entryIds: ['42'] }],
    };
    const erased: UserEvent = {
      type: 'UserErased',
      data: { userId: 'user_1', by: 'user', erasedAt: '2025-03-10T10:00:00.000Z', ...owned },
    };

    it('given a registered user, when they erase themselves, then UserErased naming what they owned', () => {
      spec
        .given([userRegistered])
        .when({ type: 'EraseUser', data: { userId: 'user_1', by: 'user', ...owned }, metadata: byUser })
        .then([erased]);
    });

    it('given a registered user, when an admin erases them, then UserErased by the admin', () => {
      spec
        .given([userRegistered])
        .when({ type: 'EraseUser', data: { userId: 'user_1', by: 'admin', ...owned }, metadata: byStranger })
        .then([{ ...erased, data: { ...erased.data, by: 'admin' } }]);
    });

    it('given a registered user, when another user erases them as themselves, then not_found', () => {
      spec
        .given([userRegistered])
        .when({ type: 'EraseUser', data: { userId: 'user_1', by: 'user', ...owned }, metadata: byStranger })
        .thenThrows('not_found', 'User not found');
    });

    it('given an erased user, when EraseUser again or UpdateProfile, then not_found (the user is gone)', () => {
      spec
        .given([userRegistered, erased])
        .when({ type: 'EraseUser', data: { userId: 'user_1', by: 'user', ...owned }, metadata: byUser })
        .thenThrows('not_found', 'User not found');
      spec
        .given([userRegistered, erased])
        .when({ type: 'UpdateProfile', data: { name: 'Ada' }, metadata: byUser })
        .thenThrows('not_found', 'User not found');
    });
  });
});
