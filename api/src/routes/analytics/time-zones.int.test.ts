import { afterEach, describe, expect, it } from 'vitest';
import { dailyMetricsResponseSchema, userMetricsResponseSchema } from '@stride/domain/contracts/analytics';
import type { Pipeline } from '@stride/composition/compose-pipeline';
import { activateSubscription, createGoal } from '../../../test/fixtures';
import { startTestApp, type TestApp, type TestClient } from '../../../test/test-app';

/** 23:30 on 14 January in Los Angeles (PST, UTC-8) is 07:30 on 15 January in UTC. */
const COMPLETED_AT = new Date('2026-01-15T07:30:00.000Z');

describe("analytics in the user's time zone", () => {
  let t: TestApp;
  let pipeline: Pipeline;
  afterEach(async () => {
    await pipeline?.stop();
    await t?.close();
  });

  const completeATask = async (client: TestClient) => {
    const { goal } = await createGoal(client, { title: 'Read more' });
    const [task] = (await client.post(`/api/goals/${goal.id}/tasks`, { tasks: [{ title: 'Chapter 1' }] })).json<{
      tasks: { id: string }[];
    }>().tasks;
    expect((await client.post(`/api/goals/${goal.id}/tasks/${task!.id}/complete`, {})).statusCode).toBe(200);
  };

  const dailyFor = async (client: TestClient, day: string) =>
    dailyMetricsResponseSchema.parse((await client.get(`/api/analytics/daily-metrics?start=${day}&end=${day}`)).json())
      .days[0]!;

  it('a task completed at 23:30 in Los Angeles counts on that local day, at hour 23; in UTC on the next day, at 7', async () => {
    t = await startTestApp({
      clock: () => COMPLETED_AT,
      pipeline: { tuning: { maxWaitMs: 100, derivedMaxWaitMs: 50, logPollIntervalMs: 50, scoreDebounceMs: 100 } },
    });
    pipeline = t.stride.pipeline;

    const signUp = async (email: string, timeZone: string) => {
      const client = await t.signIn(email, 'Zoned');
      const ensured = await client.post('/api/user/ensure-user-exists', { email, name: 'Zoned', timeZone });
      expect(ensured.json().user.time_zone).toBe(timeZone);
      await activateSubscription(t, client.userId, 'pro');
      return client;
    };
    const ana = await signUp('ana@example.com', 'America/Los_Angeles');
    const uli = await signUp('uli@example.com', 'UTC');
    await completeATask(ana);
    await completeATask(uli);

    const poll = { timeout: 20_000, interval: 150 };
    await expect.poll(async () => (await dailyFor(ana, '2026-01-14')).tasksCompleted, poll).toBe(1);
    expect((await dailyFor(ana, '2026-01-15')).tasksCompleted).toBe(0);
    await expect.poll(async () => (await dailyFor(uli, '2026-01-15')).tasksCompleted, poll).toBe(1);
    expect((await dailyFor(uli, '2026-01-14')).tasksCompleted).toBe(0);

    const anaMetrics = userMetricsResponseSchema.parse((await ana.get('/api/analytics/user-metrics')).json());
    expect(anaMetrics).toMatchObject({
      asOf: '2026-01-14',
      metrics: { mostProductiveHour: 23, lastActiveDate: '2026-01-14', dailyActiveStreak: 1 },
    });
    const uliMetrics = userMetricsResponseSchema.parse((await uli.get('/api/analytics/user-metrics')).json());
    expect(uliMetrics).toMatchObject({
      asOf: '2026-01-15',
      metrics: { mostProductiveHour: 7, lastActiveDate: '2026-01-15' },
    });
  });
});
