import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_EVENT_TYPES } from '@stride/domain/analytics/activity';
import type { StoredEvent } from '@stride/platform/event-store/types';
import type { UserDay } from '@stride/application/analytics/schedule-daily-metrics';
import type { TrackedEventRecord } from '@stride/application/analytics/tracked-event-record';
import { userDaysOfDomainEvents, userDaysOfTrackedEvents } from './dirty-days';

let position = 0;
/** A stored event as the log hands it to the consumer; only the fields dirty days read matter. */
function stored(type: string, streamId: string, actor: string, at: string): StoredEvent {
  position += 1;
  return {
    globalPosition: position,
    transactionId: '1',
    streamId,
    streamVersion: position,
    eventId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    type,
    schemaVersion: 1,
    data: {},
    metadata: { userId: actor, correlationId: 'c', causationId: null, schemaVersion: 1, recordedAt: at },
    recordedAt: at,
  };
}

function tracked(event: string, userId: string, sessionId: string, occurredAt: string): TrackedEventRecord {
  return {
    eventId: '00000000-0000-4000-8000-000000000001',
    userId,
    sessionId,
    event,
    occurredAt,
    receivedAt: occurredAt,
    tier: 'free',
    path: '/',
    referrer: '',
    userAgent: '',
    properties: {},
  };
}

const utc = () => 'UTC';

const sorted = (days: readonly UserDay[]): UserDay[] =>
  [...days].sort((a, b) => `${a.userId} ${a.date}`.localeCompare(`${b.userId} ${b.date}`));

describe('userDaysOfDomainEvents', () => {
  it('given no events, when computing dirty days, then there are none', () => {
    expect(userDaysOfDomainEvents([], utc)).toEqual([]);
  });

  it('given several activity events of one user on one day, when computing dirty days, then that user-day once', () => {
    const events = [
      stored('GoalCreated', 'goal-g1', 'u1', '2025-03-10T08:00:00.000Z'),
      stored('TaskAdded', 'goal-g1', 'u1', '2025-03-10T09:00:00.000Z'),
      stored('TaskCompleted', 'goal-g1', 'u1', '2025-03-10T23:59:59.999Z'),
    ];
    expect(userDaysOfDomainEvents(events, utc)).toEqual([{ userId: 'u1', date: '2025-03-10' }]);
  });

  it('given events either side of UTC midnight, when computing dirty days, then one day each', () => {
    const events = [
      stored('TaskCompleted', 'goal-g1', 'u1', '2025-03-10T23:59:59.999Z'),
      stored('TaskCompleted', 'goal-g1', 'u1', '2025-03-11T00:00:00.000Z'),
    ];
    expect(userDaysOfDomainEvents(events, utc)).toEqual([
      { userId: 'u1', date: '2025-03-10' },
      { userId: 'u1', date: '2025-03-11' },
    ]);
  });

  it('given a command clock with an offset, when computing dirty days, then the UTC day for a user in UTC', () => {
    // 22:30 at UTC-02:00 is 00:30 the next day in UTC.
    const events = [stored('GoalCreated', 'goal-g1', 'u1', '2025-03-10T22:30:00.000-02:00')];
    expect(userDaysOfDomainEvents(events, utc)).toEqual([{ userId: 'u1', date: '2025-03-11' }]);
  });

  it('given the command clock and the store clock on different days, when computing dirty days, then the command day', () => {
    const event = stored('TaskCompleted', 'goal-g1', 'u1', '2025-03-10T23:59:00.000Z');
    const writtenLater: StoredEvent = { ...event, recordedAt: '2025-03-11T00:00:05.000Z' };
    expect(userDaysOfDomainEvents([writtenLater], utc)).toEqual([{ userId: 'u1', date: '2025-03-10' }]);
  });

  it('given a user in Los Angeles completing a task at 23:30 local time, when computing dirty days, then the local day', () => {
    // 23:30 PST on 10 January is 07:30 UTC on 11 January.
    const events = [stored('TaskCompleted', 'goal-g1', 'u1', '2025-01-11T07:30:00.000Z')];
    const zoneOf = (userId: string) => (userId === 'u1' ? 'America/Los_Angeles' : 'UTC');
    expect(userDaysOfDomainEvents(events, zoneOf)).toEqual([{ userId: 'u1', date: '2025-01-10' }]);
    const sessionEnd = tracked('session_ended', 'u1', 's1', '2025-01-11T07:30:00.000Z');
    expect(userDaysOfTrackedEvents([sessionEnd], zoneOf)).toEqual([{ userId: 'u1', date: '2025-01-10' }]);
  });

  it('given events that are not activity, when computing dirty days, then they make no day dirty', () => {
    const at = '2025-03-10T08:00:00.000Z';
    const events = [
      stored('UserRegistered', 'user-u1', 'u1', at),
      stored('GoalUpdated', 'goal-g1', 'u1', at),
      stored('TaskUpdated', 'goal-g1', 'u1', at),
      stored('TaskStarted', 'goal-g1', 'u1', at),
      stored('TaskTimeLogged', 'goal-g1', 'u1', at),
      stored('GoalCounted', 'usage-u1', 'u1', at),
      stored('SubscriptionActivated', 'billing-u1', 'u1', at),
    ];
    expect(userDaysOfDomainEvents(events, utc)).toEqual([]);
  });

  it('given an AI generation counted by a job, when computing dirty days, then the day of the user the usage stream is named after', () => {
    const events = [stored('AiGenerationCounted', 'usage-u7', 'system', '2025-03-10T08:00:00.000Z')];
    expect(userDaysOfDomainEvents(events, utc)).toEqual([{ userId: 'u7', date: '2025-03-10' }]);
  });

  it('given two users active on the same day, when computing dirty days, then a day for each', () => {
    const at = '2025-03-10T08:00:00.000Z';
    const events = [
      stored('GoalCreated', 'goal-g1', 'u1', at),
      stored('GoalCreated', 'goal-g2', 'u2', at),
      stored('TaskAdded', 'goal-g1', 'u1', at),
    ];
    expect(userDaysOfDomainEvents(events, utc)).toEqual([
      { userId: 'u1', date: '2025-03-10' },
      { userId: 'u2', date: '2025-03-10' },
    ]);
  });

  const someEvent = fc.record({
    type: fc.constantFrom(...ACTIVITY_EVENT_TYPES, 'GoalUpdated', 'TaskStarted', 'UserRegistered', 'GoalCounted'),
    user: fc.constantFrom('u1', 'u2', 'u3'),
    at: fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2025-01-04T23:59:59Z'), noInvalidDate: true }),
  });
  const activity: ReadonlySet<string> = new Set(ACTIVITY_EVENT_TYPES);

  it('given any events, when computing dirty days, then exactly the distinct user-days of the activity events', () => {
    fc.assert(
      fc.property(fc.array(someEvent, { maxLength: 40 }), (drawn) => {
        const events = drawn.map(({ type, user, at }) => stored(type, `goal-g-${user}`, user, at.toISOString()));
        const days = userDaysOfDomainEvents(events, utc);
        const keys = days.map((day) => `${day.userId} ${day.date}`);
        expect(new Set(keys).size).toBe(keys.length);
        const expected = new Set(
          drawn.filter((e) => activity.has(e.type)).map((e) => `${e.user} ${e.at.toISOString().slice(0, 10)}`),
        );
        expect(new Set(keys)).toEqual(expected);
      }),
    );
  });

  it('given any events, when computing dirty days of them in another order or twice over, then the same days', () => {
    fc.assert(
      fc.property(
        fc
          .array(someEvent, { maxLength: 30 })
          .chain((drawn) => fc.tuple(fc.constant(drawn), fc.shuffledSubarray(drawn, { minLength: drawn.length }))),
        ([drawn, shuffled]) => {
          const toEvents = (list: typeof drawn) =>
            list.map(({ type, user, at }) => stored(type, `goal-g-${user}`, user, at.toISOString()));
          const once = sorted(userDaysOfDomainEvents(toEvents(drawn), utc));
          expect(sorted(userDaysOfDomainEvents(toEvents(shuffled), utc))).toEqual(once);
          expect(sorted(userDaysOfDomainEvents([...toEvents(drawn), ...toEvents(drawn)], utc))).toEqual(once);
        },
      ),
    );
  });
});

describe('userDaysOfTrackedEvents', () => {
  it('given session events of a signed-in user, when computing dirty days, then that user-day once', () => {
    const records = [
      tracked('session_started', 'u1', 's1', '2025-03-10T08:00:00.000Z'),
      tracked('session_ended', 'u1', 's1', '2025-03-10T09:00:00.000Z'),
      tracked('session_started', 'u1', 's2', '2025-03-10T18:00:00.000Z'),
    ];
    expect(userDaysOfTrackedEvents(records, utc)).toEqual([{ userId: 'u1', date: '2025-03-10' }]);
  });

  it('given a session across UTC midnight, when computing dirty days, then both UTC days', () => {
    const records = [
      tracked('session_started', 'u1', 's1', '2025-03-10T23:50:00.000Z'),
      tracked('session_ended', 'u1', 's1', '2025-03-11T00:10:00.000Z'),
    ];
    expect(userDaysOfTrackedEvents(records, utc)).toEqual([
      { userId: 'u1', date: '2025-03-10' },
      { userId: 'u1', date: '2025-03-11' },
    ]);
  });

  it('given other tracked events of a session (page views, product events), when computing dirty days, then their user-day: session time is counted from every event', () => {
    const at = '2025-03-10T08:00:00.000Z';
    const records = [
      tracked('page_viewed', 'u1', 's1', at),
      tracked('goal_created', 'u1', 's1', at),
      tracked('daily_active', 'u2', 's2', at),
    ];
    expect(userDaysOfTrackedEvents(records, utc)).toEqual([
      { userId: 'u1', date: '2025-03-10' },
      { userId: 'u2', date: '2025-03-10' },
    ]);
  });

  it('given session events without a user or without a session, when computing dirty days, then they are ignored', () => {
    const at = '2025-03-10T08:00:00.000Z';
    const records = [
      tracked('session_started', '', 's1', at),
      tracked('session_ended', 'u1', '', at),
      tracked('session_started', 'u2', 's2', at),
    ];
    expect(userDaysOfTrackedEvents(records, utc)).toEqual([{ userId: 'u2', date: '2025-03-10' }]);
  });

  it('given any records, when computing dirty days, then exactly the distinct user-days of events with a user and a session', () => {
    const someRecord = fc.record({
      event: fc.constantFrom('session_started', 'session_ended', 'page_viewed', 'task_completed'),
      user: fc.constantFrom('', 'u1', 'u2'),
      session: fc.constantFrom('', 's1', 's2'),
      at: fc.date({
        min: new Date('2025-01-01T00:00:00Z'),
        max: new Date('2025-01-03T23:59:59Z'),
        noInvalidDate: true,
      }),
    });
    fc.assert(
      fc.property(fc.array(someRecord, { maxLength: 40 }), (drawn) => {
        const days = userDaysOfTrackedEvents(
          drawn.map((r) => tracked(r.event, r.user, r.session, r.at.toISOString())),
          utc,
        );
        const keys = days.map((day) => `${day.userId} ${day.date}`);
        expect(new Set(keys).size).toBe(keys.length);
        const expected = drawn
          .filter((r) => r.user !== '' && r.session !== '')
          .map((r) => `${r.user} ${r.at.toISOString().slice(0, 10)}`);
        expect(new Set(keys)).toEqual(new Set(expected));
      }),
    );
  });
});
