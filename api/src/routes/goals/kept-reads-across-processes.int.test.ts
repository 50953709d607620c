import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvents } from '@stride/application/commands/record-events';
import { composeServices } from '@stride/composition/compose-services';
import { streamIds } from '@stride/domain/stream-ids';
import { createLogger } from '@stride/platform/logger';
import { sharedChdbPath } from '@stride/testing/chdb';
import { activateSubscription, createGoal, registeredUser } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';

/** Another API process on the same database (its commands are not in this process's caches). */
const anotherProcess = (t: TestApp) =>
  composeServices(t.services.config, 'api', {
    logger: createLogger({ level: 'silent' }),
    database: { pool: t.database.pool, close: async () => {} },
    pipeline: { chdbPath: sharedChdbPath() },
  });

/**
 * create-goal decides on the billing state at the billing stream's version read with the usage counters,
 * or, after this process's own create, kept from that read (the append then checks the version): a change
 * another process committed (here a cancellation) must still be the tier of the next create.
 */
describe('the tier a create is limited by, across API processes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a subscription canceled by another process limits the next create to the free plan', async () => {
    const client = await registeredUser(t, 'two-processes@example.com');
    await activateSubscription(t, client.userId, 'pro'); // this process now holds that billing state
    for (const title of ['First', 'Second']) {
      expect((await client.post('/api/goals/create-simple', { title })).statusCode).toBe(201);
    }
    const other = await anotherProcess(t);
    try {
      await recordEvents(
        other.services.commands,
        streamIds.billing(client.userId),
        [
          {
            type: 'SubscriptionCanceled',
            data: { subscriptionId: `sub_${client.userId}`, occurredAt: new Date().toISOString() },
          },
        ],
        { userId: 'system:billing' },
      );
    } finally {
      await other.stop();
    }
    const refused = await client.post('/api/goals/create-simple', { title: 'Third, on the free plan' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'limit_reached' });
  });
});

/** Another process records the user's new time zone (as their browser would report it). */
const zoneRecordedByAnotherProcess = async (t: TestApp, userId: string, timeZone: string) => {
  const other = await anotherProcess(t);
  try {
    await recordEvents(
      other.services.commands,
      streamIds.user(userId),
      [{ type: 'UserTimeZoneChanged', data: { timeZone, source: 'browser' } }],
      { userId },
    );
  } finally {
    await other.stop();
  }
};

/**
 * The time zone a create counts its month in is the user's, read with the usage counters or kept from this
 * process's last create (the append then checks the user's stream): a zone another process recorded counts
 * at once. Task commands that decide in the user's zone (schedule, due date, recurrence, edit) keep it the
 * same way.
 */
describe("the user's time zone, across API processes", () => {
  let t: TestApp;
  // 23:30 on 31 March in UTC is already 1 April in Auckland (UTC+13).
  const now = new Date('2026-03-31T23:30:00.000Z');
  beforeAll(async () => {
    t = await startTestApp({ clock: () => now });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a time zone recorded by another process is the zone of the next create', async () => {
    const client = await registeredUser(t, 'two-zones@example.com');
    await activateSubscription(t, client.userId, 'pro');
    const months = async () =>
      (await t.services.eventStore.readStream(streamIds.usage(client.userId))).events
        .filter((event) => event.type === 'GoalCounted')
        .map((event) => (event.data as { month: string }).month);
    for (const title of ['First', 'Second']) {
      expect((await client.post('/api/goals/create-simple', { title })).statusCode).toBe(201);
    }
    expect(await months()).toEqual(['2026-03', '2026-03']);
    await zoneRecordedByAnotherProcess(t, client.userId, 'Pacific/Auckland');
    expect((await client.post('/api/goals/create-simple', { title: 'Third, in Auckland' })).statusCode).toBe(201);
    expect(await months()).toEqual(['2026-03', '2026-03', '2026-04']);
  });

  it("a time zone recorded by another process decides the next schedule's today", async () => {
    const client = await registeredUser(t, 'two-zones-planner@example.com');
    const { goal } = await createGoal(client, { title: 'Trip' });
    const added = await client.post(`/api/goals/${goal.id}/tasks`, { tasks: [{ title: 'Pack' }] });
    const taskId = added.json<{ tasks: { id: string }[] }>().tasks[0]!.id;
    const schedule = (doDate: string | null) =>
      client.post(`/api/goals/${goal.id}/tasks/${taskId}/schedule`, { do_date: doDate });
    // On 31 March, today in UTC, then off the plan: the second decides on the zone kept from the first.
    expect((await schedule('2026-03-31')).statusCode).toBe(200);
    expect((await schedule(null)).statusCode).toBe(200);
    await zoneRecordedByAnotherProcess(t, client.userId, 'Pacific/Auckland');
    const past = await schedule('2026-03-31');
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ details: { field: 'doDate' } });
    expect((await schedule('2026-04-01')).statusCode).toBe(200);
  });
});

/**
 * Commands that first read the user's zone to find what they are about (move-overdue: which goals hold
 * overdue tasks; quick-add: the line's goal) decide again in the zone read in the command's turn, which the append checks: a zone
 * recorded between that first read and the append is the zone they decide in.
 */
describe("the user's time zone changed while a command is under way", () => {
  let t: TestApp;
  let now = new Date('2026-03-30T10:00:00.000Z');
  beforeAll(async () => {
    t = await startTestApp({ clock: () => now });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Runs `work` with another process recording `timeZone` just after this process first reads the zone. */
  const withZoneRecordedAfterFirstRead = async <T>(userId: string, timeZone: string, work: () => Promise<T>) => {
    const pool = t.services.pool as unknown as { query: (...args: unknown[]) => Promise<unknown> };
    const query = pool.query.bind(pool);
    let recorded = false;
    pool.query = async (...args: unknown[]) => {
      const result = await query(...args);
      const config = args[0] as string | { text?: string };
      const text = typeof config === 'string' ? config : config.text;
      if (!recorded && text === 'SELECT time_zone FROM users WHERE id = $1') {
        recorded = true;
        await zoneRecordedByAnotherProcess(t, userId, timeZone);
      }
      return result;
    };
    try {
      return await work();
    } finally {
      delete (pool as { query?: unknown }).query;
      expect(recorded).toBe(true);
    }
  };

  it('moving overdue tasks to today moves them to the day of the zone recorded meanwhile', async () => {
    const client = await registeredUser(t, 'zone-while-moving@example.com');
    const { goal } = await createGoal(client, { title: 'Errands' });
    const added = await client.post(`/api/goals/${goal.id}/tasks`, { tasks: [{ title: 'Post the letter' }] });
    const taskId = added.json<{ tasks: { id: string }[] }>().tasks[0]!.id;
    expect(
      (await client.post(`/api/goals/${goal.id}/tasks/${taskId}/schedule`, { do_date: '2026-03-30' })).statusCode,
    ).toBe(200);
    // 23:30 on 31 March in UTC (the task is overdue) is already 1 April in Auckland.
    now = new Date('2026-03-31T23:30:00.000Z');
    const moved = await withZoneRecordedAfterFirstRead(client.userId, 'Pacific/Auckland', () =>
      client.post('/api/planner/overdue/move', { target: 'today' }),
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ moved: 1, do_date: '2026-04-01' });
    const scheduled = (await t.services.eventStore.readStream(streamIds.goal(goal.id))).events.filter(
      (event) => event.type === 'TaskScheduled',
    );
    expect(scheduled.at(-1)!.data).toMatchObject({ taskId, doDate: '2026-04-01' });
  });

  it('a quick-add line\'s "tomorrow" is tomorrow in the zone recorded meanwhile', async () => {
    const client = await registeredUser(t, 'zone-while-adding@example.com');
    const { goal } = await createGoal(client, { title: 'Dog' });
    now = new Date('2026-03-31T23:30:00.000Z'); // 1 April in Auckland: tomorrow is 2 April there
    const added = await withZoneRecordedAfterFirstRead(client.userId, 'Pacific/Auckland', () =>
      client.post('/api/planner/quick-add', { text: 'Call the vet tomorrow #dog' }),
    );
    expect(added.statusCode).toBe(200);
    expect(added.json().task).toMatchObject({ goal_id: goal.id, title: 'Call the vet', do_date: '2026-04-02' });
  });
});
