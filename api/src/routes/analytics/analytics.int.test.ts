import { afterEach, describe, expect, it } from 'vitest';
import {
  dailyMetricsResponseSchema,
  funnelResponseSchema,
  userMetricsResponseSchema,
  userMetricsSimpleResponseSchema,
} from '@stride/domain/contracts/analytics';
import { utcDate } from '@stride/platform/clickhouse/params';
import { startKafkaTestBroker, type KafkaTestBroker } from '@stride/testing/kafka-broker/kafka-test-broker';
import type { Pipeline } from '@stride/composition/compose-pipeline';
import { activateSubscription, cancelSubscription, createGoal, registeredUser } from '../../../test/fixtures';
import { eventually } from '@stride/testing/eventually';
import { startTestApp, type TestApp, type TestClient } from '../../../test/test-app';

/**
 * The analytics API end to end: commands through the API, tracked events through the API, and the figures
 * read back through the API, with the pipeline running on each bus.
 */
describe.each(['embedded', 'kafka'] as const)('analytics API (%s bus)', (bus) => {
  let t: TestApp;
  let pipeline: Pipeline;
  let broker: KafkaTestBroker | null = null;

  const start = async () => {
    broker = bus === 'kafka' ? await startKafkaTestBroker({ defaultPartitions: 3 }) : null;
    t = await startTestApp({
      env: { ADMIN_EMAILS: 'admin@example.com', ...(broker ? { KAFKA_BROKERS: broker.brokers.join(',') } : {}) },
      pipeline: {
        kafka: {
          consumerConfig: {
            sessionTimeout: 6_000,
            rebalanceTimeout: 3_000,
            heartbeatInterval: 200,
            maxWaitTimeInMs: 50,
          },
          partitions: 3,
        },
        tuning: { maxWaitMs: 100, derivedMaxWaitMs: 50, logPollIntervalMs: 50, scoreDebounceMs: 100 },
      },
    });
    pipeline = t.stride.pipeline;
  };
  afterEach(async () => {
    await pipeline?.stop();
    await t?.close();
    await broker?.stop();
  });

  const track = (client: TestClient, event: string, timestamp: string, properties: Record<string, unknown> = {}) =>
    client.post('/api/analytics/events', {
      event,
      properties,
      context: { sessionId: 'browser-1', timestamp, path: '/daily' },
    });

  it('turns API commands and tracked events into metrics, gated by plan and owner', async () => {
    const startedAt = Date.now();
    await start();
    const ada = await registeredUser(t, 'ada@example.com');
    const bob = await registeredUser(t, 'bob@example.com');
    const admin = await registeredUser(t, 'admin@example.com');
    const { goal } = await createGoal(ada, { title: 'Run a 10k' });
    const tasks = (
      await ada.post(`/api/goals/${goal.id}/tasks`, {
        tasks: [{ title: 'Shoes' }, { title: 'Plan' }, { title: 'First run' }],
      })
    ).json<{ tasks: { id: string }[] }>().tasks;
    for (const task of tasks.slice(0, 2)) {
      expect((await ada.post(`/api/goals/${goal.id}/tasks/${task.id}/complete`, {})).statusCode).toBe(200);
    }
    const now = Date.now();
    // Never before today (UTC): a session begun before midnight would make yesterday an active day too.
    const minutesAgo = (m: number) =>
      new Date(Math.max(now - m * 60_000, Date.parse(`${utcDate(now)}T00:00:00.000Z`))).toISOString();
    expect((await track(ada, 'session_started', minutesAgo(12))).statusCode).toBe(202);
    const ended = await track(ada, 'session_ended', minutesAgo(0), { duration_seconds: 720 });
    expect(ended.statusCode).toBe(202);
    expect(ended.json()).toMatchObject({ accepted: true, eventId: expect.any(String) });
    // The same event sent again is the same event.
    expect((await track(ada, 'session_ended', minutesAgo(0), { duration_seconds: 720 })).json().eventId).toBe(
      ended.json().eventId,
    );

    // Every tier: the simple metrics.
    const simple = await eventually(async () => {
      const response = await ada.get('/api/analytics/user-metrics-simple');
      const body = userMetricsSimpleResponseSchema.parse(response.json());
      expect(body.taskCompletionRate).toBeCloseTo(2 / 3, 5);
      return body;
    });
    expect(simple).toMatchObject({
      userId: ada.userId,
      // One active day, or two when the test began before midnight (UTC) and ended after it.
      dailyActiveStreak: utcDate(startedAt) === utcDate(now) ? 1 : 2,
      completedGoals: 0,
      lastActiveDate: utcDate(now),
    });

    // The analytics dashboard answers free users with an upgrade prompt.
    const today = utcDate(now);
    const gated = await ada.get(`/api/analytics/daily-metrics?start=${today}&end=${today}`);
    expect(gated.statusCode).toBe(403);
    expect(gated.json()).toMatchObject({
      code: 'plan_required',
      details: { feature: 'daily_metrics', requiredTiers: ['starter', 'pro', 'team'], currentTier: 'free' },
    });
    expect((await ada.get('/api/analytics/user-metrics')).json().code).toBe('plan_required');
    expect((await ada.get(`/api/analytics/goal-metrics?goalId=${goal.id}`)).json().code).toBe('plan_required');

    await activateSubscription(t, ada.userId, 'pro');
    // 2 tasks (20) + 12 of 30 session minutes (10) = 30.
    const daily = await eventually(async () => {
      const body = dailyMetricsResponseSchema.parse(
        (await ada.get(`/api/analytics/daily-metrics?start=${today}&end=${today}`)).json(),
      );
      expect(body.days[0]).toMatchObject({ tasksCompleted: 2, sessionDuration: 12 });
      return body;
    });
    expect(daily.days).toEqual([
      {
        date: today,
        userId: ada.userId,
        goalsCreated: 1,
        goalsCompleted: 0,
        tasksCreated: 3,
        tasksCompleted: 2,
        aiGenerationsUsed: 0,
        sessionDuration: 12,
        productivityScore: 30,
      },
    ]);
    const full = userMetricsResponseSchema.parse((await ada.get('/api/analytics/user-metrics')).json());
    expect(full.engagement.score).toBeGreaterThan(0);
    const goalMetrics = await ada.get(`/api/analytics/goal-metrics?goalId=${goal.id}`);
    expect(goalMetrics.json()).toMatchObject({ goalId: goal.id, tasksTotal: 3, tasksCompleted: 2, status: 'active' });

    // Owners only; admins read anyone's.
    expect((await bob.get(`/api/analytics/user-metrics-simple?userId=${ada.userId}`)).statusCode).toBe(403);
    expect(
      (
        await bob.post('/api/analytics/track-event', {
          userId: ada.userId,
          event: 'page_viewed',
          timestamp: minutesAgo(0),
        })
      ).statusCode,
    ).toBe(403);
    expect((await bob.post('/api/analytics/goal-metrics', { goalId: goal.id })).statusCode).toBe(404);
    expect(
      (await admin.get(`/api/analytics/daily-metrics?userId=${ada.userId}&start=${today}&end=${today}`)).statusCode,
    ).toBe(200);

    // Admin reports: admins only, validated.
    expect((await ada.get(`/api/admin/analytics/funnel?start=${today}&end=${today}`)).statusCode).toBe(403);
    const funnel = funnelResponseSchema.parse(
      (
        await admin.get(
          `/api/admin/analytics/funnel?start=${today}&end=${today}&breakdown=channel&steps=UserRegistered`,
        )
      ).json(),
    );
    // The default funnel starts at the landing view (anonymous-visitors.int.test.ts); from sign-up, all three.
    expect(funnel.total[0]).toMatchObject({ id: 'step_1', users: 3 });
    // The paid conversion reaches ClickHouse through the log like every domain event: wait for it.
    await eventually(async () =>
      expect(
        (await admin.get(`/api/admin/analytics/attribution?start=${today}&end=${today}`)).json().totals,
      ).toMatchObject({
        signups: 3,
        paidConversions: 1,
        revenueCents: 1200,
      }),
    );
    expect((await admin.get(`/api/admin/signup-errors?start=${today}&end=${today}`)).json()).toMatchObject({
      total: 0,
    });
    expect((await admin.get(`/api/admin/analytics/funnel?start=${today}&end=2000-01-01`)).statusCode).toBe(400);
    expect((await admin.get('/api/admin/queues/metrics/failed')).json()).toEqual({ queue: 'metrics', jobs: [] });
    expect((await admin.get('/api/admin/pipeline/health')).json()).toMatchObject({
      analytics: { status: 'up' },
      bus: { mode: bus === 'kafka' ? 'kafka' : 'postgres-log' },
    });

    // Starter has the dashboard over the last 30 days (issue 13, item 5); an older start asks for Pro.
    const bo = await registeredUser(t, 'bo.starter@example.com');
    await activateSubscription(t, bo.userId, 'starter');
    const dayOffset = (days: number) => utcDate(new Date(now - days * 86_400_000));
    expect((await bo.get(`/api/analytics/daily-metrics?start=${dayOffset(29)}&end=${today}`)).statusCode).toBe(200);
    expect((await bo.get('/api/analytics/user-metrics')).statusCode).toBe(200);
    const older = await bo.get(`/api/analytics/daily-metrics?start=${dayOffset(30)}&end=${today}`);
    expect(older.statusCode).toBe(403);
    expect(older.json()).toMatchObject({
      code: 'plan_required',
      details: { field: 'start', requiredTiers: ['pro', 'team'], currentTier: 'starter' },
    });

    // The gate follows the effective tier, as usage limits do: a canceled plan is free at once.
    await cancelSubscription(t, ada.userId);
    expect((await ada.get(`/api/analytics/daily-metrics?start=${today}&end=${today}`)).json()).toMatchObject({
      code: 'plan_required',
      details: { currentTier: 'free' },
    });
  });
});
