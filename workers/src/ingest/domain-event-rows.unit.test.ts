import { describe, expect, it } from 'vitest';
import { eventRegistry } from '@stride/domain/event-catalogue';
import type { StoredEvent } from '@stride/platform/event-store/types';
import {
  occurredAtOf,
  PERSONAL_NOT_COPIED,
  toAttributionRow,
  toDomainEventRow,
  userOfEvent,
} from './domain-event-rows';

const COMMAND_TIME = '2025-03-10T10:00:00.000Z';
const STORE_TIME = '2025-03-10T10:00:00.250Z';

/** A stored event as read from the log, written by hand. */
function stored(
  type: string,
  streamId: string,
  data: unknown,
  options: { actor?: string; schemaVersion?: number; recordedAt?: unknown } = {},
): StoredEvent {
  return {
    globalPosition: 42,
    transactionId: '7',
    streamId,
    streamVersion: 3,
    eventId: '00000000-0000-4000-8000-000000000042',
    type,
    schemaVersion: options.schemaVersion ?? 1,
    data,
    metadata: {
      userId: options.actor ?? 'u1',
      correlationId: 'c1',
      causationId: null,
      schemaVersion: options.schemaVersion ?? 1,
      recordedAt: ('recordedAt' in options ? options.recordedAt : COMMAND_TIME) as string,
    },
    recordedAt: STORE_TIME,
  };
}

const task = (taskId: string) => ({ taskId, title: `Task ${taskId}`, estimatedMinutes: 30, energyLevel: 'medium' });

describe('userOfEvent', () => {
  it.each([
    ['user-u7', 'u7'],
    ['usage-u7', 'u7'],
    ['billing-u7', 'u7'],
    ['billing-user-with-dashes', 'user-with-dashes'],
  ])('given an event of stream %s caused by someone else, then it counts for %s', (streamId, user) => {
    expect(userOfEvent(stored('Anything', streamId, {}, { actor: 'billing-job' }))).toBe(user);
  });

  it.each(['goal-g1', 'collection-c1'])(
    'given an event of stream %s, then it counts for the user who caused it',
    (streamId) => {
      expect(userOfEvent(stored('Anything', streamId, {}, { actor: 'u9' }))).toBe('u9');
    },
  );

  it('given a stream id that is not a Stride stream, then it counts for the user who caused it', () => {
    expect(userOfEvent(stored('Anything', 'legacy_stream', {}, { actor: 'u9' }))).toBe('u9');
  });
});

describe('occurredAtOf', () => {
  it('given the command clock in metadata, then that instant rather than the store time', () => {
    expect(occurredAtOf(stored('GoalCreated', 'goal-g1', {}))).toBe(COMMAND_TIME);
  });

  it('given a command clock with an offset, then the same instant in UTC', () => {
    const event = stored('GoalCreated', 'goal-g1', {}, { recordedAt: '2025-03-10T23:30:00.000-02:00' });
    expect(occurredAtOf(event)).toBe('2025-03-11T01:30:00.000Z');
  });

  it.each([
    ['missing', undefined],
    ['not a date', 'yesterday'],
    ['empty', ''],
  ])('given a command clock that is %s, then the time the store wrote the event', (_, recordedAt) => {
    expect(occurredAtOf(stored('GoalCreated', 'goal-g1', {}, { recordedAt }))).toBe(STORE_TIME);
  });
});

describe('toDomainEventRow', () => {
  it('given a TaskAdded, then a readable row with its goal and task, and without its personal fields', () => {
    const data = { ...task('t1'), addedAt: COMMAND_TIME };
    const { row, readable } = toDomainEventRow(stored('TaskAdded', 'goal-g1', data), eventRegistry);
    expect(readable).toBe(true);
    expect(row).toEqual({
      event_id: '00000000-0000-4000-8000-000000000042',
      global_position: 42,
      user_id: 'u1',
      stream_id: 'goal-g1',
      event_type: 'TaskAdded',
      occurred_at: COMMAND_TIME,
      goal_id: 'g1',
      task_ids: ['t1'],
      units: 0,
      amount_cents: 0,
      tier: '',
      data: JSON.stringify({ ...data, title: PERSONAL_NOT_COPIED }),
    });
    expect(row.data).not.toContain('Task t1');
  });

  it('given a goal id with dashes, then the whole id is the goal id', () => {
    const data = { taskId: 't1', completedAt: COMMAND_TIME };
    const { row } = toDomainEventRow(stored('TaskCompleted', 'goal-2f1c-9a', data), eventRegistry);
    expect([row.goal_id, row.task_ids]).toEqual(['2f1c-9a', ['t1']]);
  });

  it('given a TasksBatchGenerated, then every task of the batch', () => {
    const data = {
      batchId: 'b1',
      source: 'ai',
      tasks: [task('t1'), task('t2'), task('t3')],
      aiMetadata: null,
      generatedAt: COMMAND_TIME,
    };
    const { row, readable } = toDomainEventRow(stored('TasksBatchGenerated', 'goal-g1', data), eventRegistry);
    expect(readable).toBe(true);
    expect(row.task_ids).toEqual(['t1', 't2', 't3']);
    expect([row.goal_id, row.units, row.tier, row.amount_cents]).toEqual(['g1', 0, '', 0]);
  });

  it.each([
    ['TaskStarted', { taskId: 't4', startedAt: COMMAND_TIME }],
    ['TaskReopened', { taskId: 't4' }],
    ['TaskTimeLogged', { taskId: 't4', actualMinutes: 15 }],
    ['TaskDeleted', { taskId: 't4', deletedAt: COMMAND_TIME }],
    ['TaskUpdated', { taskId: 't4', changes: { title: 'Renamed' } }],
    ['TaskScheduled', { taskId: 't4', doDate: '2025-03-11' }],
    [
      'TaskOccurrenceCreated',
      {
        taskId: 't4',
        seriesId: 't0',
        occurrenceDate: '2025-03-11',
        title: 'Walk',
        description: null,
        estimatedMinutes: 20,
        energyLevel: 'low',
        dueDate: null,
        createdAt: COMMAND_TIME,
      },
    ],
  ])('given a %s, then its task', (type, data) => {
    const { row, readable } = toDomainEventRow(stored(type, 'goal-g1', data), eventRegistry);
    expect(readable).toBe(true);
    expect(row.task_ids).toEqual(['t4']);
  });

  it('given an AiGenerationCounted of a usage stream, then one unit for the user the stream is named after and no goal', () => {
    const data = { month: '2025-03', goalId: 'g1', units: 1 };
    const { row, readable } = toDomainEventRow(
      stored('AiGenerationCounted', 'usage-u7', data, { actor: 'someone' }),
      eventRegistry,
    );
    expect(readable).toBe(true);
    expect([row.user_id, row.goal_id, row.units, row.task_ids]).toEqual(['u7', '', 1, []]);
  });

  it('given a SubscriptionActivated, then its tier and the tier monthly price as revenue', () => {
    const data = {
      tier: 'pro',
      status: 'active',
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      currentPeriodEnd: null,
      occurredAt: COMMAND_TIME,
    };
    const { row, readable } = toDomainEventRow(stored('SubscriptionActivated', 'billing-u7', data), eventRegistry);
    expect(readable).toBe(true);
    expect([row.user_id, row.tier, row.amount_cents, row.goal_id]).toEqual(['u7', 'pro', 1200, '']);
  });

  it('given a SubscriptionChanged, then its tier and no revenue', () => {
    const data = {
      tier: 'starter',
      status: 'active',
      subscriptionId: 'sub_1',
      currentPeriodEnd: null,
      occurredAt: COMMAND_TIME,
    };
    const { row } = toDomainEventRow(stored('SubscriptionChanged', 'billing-u7', data), eventRegistry);
    expect([row.tier, row.amount_cents]).toEqual(['starter', 0]);
  });

  it('given a SubscriptionDowngraded, then the tier it went down to', () => {
    const data = { fromTier: 'pro', toTier: 'free', reason: 'grace_period_ended' };
    const { row } = toDomainEventRow(stored('SubscriptionDowngraded', 'billing-u7', data), eventRegistry);
    expect([row.tier, row.amount_cents]).toEqual(['free', 0]);
  });

  it('given a GoalCreated of an older schema, then the data is stored upcast to the current one', () => {
    const v1 = { goalId: 'g1', userId: 'u1', title: 'Run', description: '', targetDate: null, createdAt: COMMAND_TIME };
    const { row, readable } = toDomainEventRow(
      stored('GoalCreated', 'goal-g1', v1, { schemaVersion: 1 }),
      eventRegistry,
    );
    expect(readable).toBe(true);
    expect(JSON.parse(row.data)).toEqual({
      ...v1,
      title: PERSONAL_NOT_COPIED,
      description: PERSONAL_NOT_COPIED,
      category: 'personal',
      priority: 'medium',
    });
    expect([row.goal_id, row.task_ids, row.units, row.tier]).toEqual(['g1', [], 0, '']);
  });

  it('given an event whose data the registry rejects, then an unreadable row with the raw data and nothing extracted', () => {
    const data = { taskId: '', title: 42 };
    const { row, readable } = toDomainEventRow(stored('TaskAdded', 'goal-g1', data), eventRegistry);
    expect(readable).toBe(false);
    expect(row).toMatchObject({
      event_type: 'TaskAdded',
      user_id: 'u1',
      goal_id: 'g1',
      occurred_at: COMMAND_TIME,
      task_ids: [],
      units: 0,
      tier: '',
      amount_cents: 0,
      data: JSON.stringify(data),
    });
  });

  it('given an event of a type the registry does not know, then it is still stored, unreadable', () => {
    const data = { amountCents: 990 };
    const { row, readable } = toDomainEventRow(stored('InvoicePaid', 'billing-u7', data), eventRegistry);
    expect(readable).toBe(false);
    expect([row.event_type, row.user_id, row.data, row.amount_cents]).toEqual([
      'InvoicePaid',
      'u7',
      '{"amountCents":990}',
      990,
    ]);
  });
});

describe('toAttributionRow', () => {
  const registered = (attribution: unknown) =>
    stored('UserRegistered', 'user-u1', { userId: 'u1', email: 'ada@example.com', name: 'Ada', attribution });

  it('given an event other than UserRegistered, then no attribution row', () => {
    expect(toAttributionRow(stored('GoalCreated', 'goal-g1', {}), eventRegistry)).toBeNull();
  });

  it('given a UserRegistered with first-touch data, then its channel, UTM fields and times', () => {
    const event = registered({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      utm_term: null,
      utm_content: 'hero',
      referrer_url: 'https://mail.example.com/',
      landing_page: '/pricing',
      acquisition_channel: 'Email',
      first_touch_date: '2025-03-01T12:00:00+01:00',
      signup_date: COMMAND_TIME,
    });
    expect(toAttributionRow(event, eventRegistry)).toEqual({
      user_id: 'u1',
      event_id: '00000000-0000-4000-8000-000000000042',
      acquisition_channel: 'Email',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      utm_term: '',
      utm_content: 'hero',
      referrer_url: 'https://mail.example.com/',
      landing_page: '/pricing',
      first_touch_at: '2025-03-01T11:00:00.000Z',
      signup_at: COMMAND_TIME,
    });
  });

  it('given a UserRegistered without an attribution record, then Direct with empty fields and no first touch', () => {
    expect(toAttributionRow(registered(null), eventRegistry)).toEqual({
      user_id: 'u1',
      event_id: '00000000-0000-4000-8000-000000000042',
      acquisition_channel: 'Direct',
      utm_source: '',
      utm_medium: '',
      utm_campaign: '',
      utm_term: '',
      utm_content: '',
      referrer_url: '',
      landing_page: '',
      first_touch_at: null,
      signup_at: COMMAND_TIME,
    });
  });

  it('given a first-touch date that is not a date, then no first touch', () => {
    const row = toAttributionRow(
      registered({ acquisition_channel: 'Social', first_touch_date: 'soon' }),
      eventRegistry,
    );
    expect([row?.acquisition_channel, row?.first_touch_at]).toEqual(['Social', null]);
  });

  it('given a UserRegistered without a command clock, then the signup is when the store wrote it', () => {
    const event = { ...registered(null), metadata: { ...registered(null).metadata, recordedAt: 'n/a' } };
    expect(toAttributionRow(event, eventRegistry)?.signup_at).toBe(STORE_TIME);
  });
});
