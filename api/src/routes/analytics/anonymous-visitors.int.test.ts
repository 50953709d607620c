import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { funnelResponseSchema, postDailyMetricsResponseSchema } from '@stride/domain/contracts/analytics';
import { utcDate } from '@stride/platform/clickhouse/params';
import { registeredUser } from '../../../test/fixtures';
import { eventually } from '@stride/testing/eventually';
import { startTestApp, type TestApp } from '../../../test/test-app';

/**
 * Issue 13, items 15 and 12 against the real pipeline (embedded bus, chDB): signed-out page views are
 * accepted under a random anonymous id (rate limited per IP, do-not-track honoured), joined to the user who
 * signs up from that browser, and the admin funnel starts at the landing view; session time is counted from
 * a session's events when the browser never says goodbye.
 */
describe('signed-out visitors and server-side sessions', () => {
  let t: TestApp;
  const now = Date.now();
  const minutesAgo = (m: number) => new Date(now - m * 60_000).toISOString();
  const today = utcDate(now);
  const yesterday = utcDate(now - 86_400_000);

  beforeAll(async () => {
    t = await startTestApp({
      env: { ADMIN_EMAILS: 'admin@example.com', ANONYMOUS_EVENTS_PER_MINUTE: '5' },
      pipeline: { tuning: { maxWaitMs: 100, derivedMaxWaitMs: 50, logPollIntervalMs: 50, scoreDebounceMs: 100 } },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.stride.pipeline?.stop();
    await t?.close();
  });

  /** A POST without a bearer token, as a signed-out browser sends it. */
  const visitor = (body: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: body as object,
      headers: options.headers ?? {},
      remoteAddress: options.ip ?? '10.1.0.1',
    });
  const pageView = (anonymousId: string | undefined, path: string, timestamp: string, sessionId = 'anon-session') => ({
    event: 'page_viewed',
    properties: { path },
    context: {
      sessionId,
      timestamp,
      path,
      referrer: 'https://news.example/some/article?utm=1',
      userAgent: 'Mozilla/5.0 test',
      ...(anonymousId ? { anonymousId } : {}),
    },
  });
  const storedRows = (anonymousId: string) =>
    t.services.analytics.analytics.rows(
      `SELECT event, user_id AS userId, path, referrer, user_agent AS userAgent, tier
         FROM tracked_events WHERE anonymous_id = {id:String} ORDER BY occurred_at`,
      { id: anonymousId },
      z.object({
        event: z.string(),
        userId: z.string(),
        path: z.string(),
        referrer: z.string(),
        userAgent: z.string(),
        tier: z.string(),
      }),
    );

  it('accepts a signed-out page view under an anonymous id, with no personal data kept', async () => {
    const anonymousId = randomUUID();
    const response = await visitor(pageView(anonymousId, '/', minutesAgo(30)), { ip: '10.1.0.2' });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ accepted: true, eventId: expect.any(String) });
    expect(response.json()).not.toHaveProperty('discarded');
    const rows = await eventually(async () => {
      const found = await storedRows(anonymousId);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(rows[0]).toEqual({
      event: 'page_viewed',
      userId: '',
      path: '/',
      referrer: 'https://news.example',
      userAgent: '',
      tier: '',
    });
  });

  it('refuses what a signed-out visitor may not send: no anonymous id (400 naming it), other events or a refused token (401)', async () => {
    const missing = await visitor(pageView(undefined, '/', minutesAgo(1)), { ip: '10.1.0.3' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ details: { field: 'context.anonymousId' } });
    const notAUuid = await visitor(pageView('user@example.com', '/', minutesAgo(1)), { ip: '10.1.0.3' });
    expect(notAUuid.statusCode).toBe(400);
    expect(notAUuid.json()).toMatchObject({ details: { field: 'context.anonymousId' } });
    const goal = await visitor(
      { event: 'goal_created', context: { sessionId: 's', timestamp: minutesAgo(1), anonymousId: randomUUID() } },
      { ip: '10.1.0.3' },
    );
    expect(goal.statusCode).toBe(401);
    const badToken = await visitor(pageView(randomUUID(), '/', minutesAgo(1)), {
      ip: '10.1.0.3',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(badToken.statusCode).toBe(401);
  });

  it('limits signed-out events per IP (429 with when to retry); another IP has its own budget', async () => {
    const anonymousId = randomUUID();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push((await visitor(pageView(anonymousId, `/blog/${i}`, minutesAgo(2)), { ip: '10.1.0.4' })).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429]);
    const limited = await visitor(pageView(anonymousId, '/blog/x', minutesAgo(2)), { ip: '10.1.0.4' });
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await visitor(pageView(anonymousId, '/blog/y', minutesAgo(2)), { ip: '10.1.0.5' })).statusCode).toBe(202);
  });

  it('stores nothing when the browser asks not to be tracked (DNT or Global Privacy Control)', async () => {
    const anonymousId = randomUUID();
    const dnt = await visitor(pageView(anonymousId, '/', minutesAgo(3)), { ip: '10.1.0.6', headers: { dnt: '1' } });
    expect(dnt.statusCode).toBe(202);
    expect(dnt.json()).toMatchObject({ accepted: true, discarded: 'do_not_track' });
    const gpc = await visitor(pageView(anonymousId, '/pricing', minutesAgo(3)), {
      ip: '10.1.0.6',
      headers: { 'sec-gpc': '1' },
    });
    expect(gpc.json()).toMatchObject({ discarded: 'do_not_track' });
    // A marker sent after them under the same id arrives; the two before it never do.
    const marker = await visitor(pageView(anonymousId, '/about', minutesAgo(3)), { ip: '10.1.0.6' });
    expect(marker.json()).not.toHaveProperty('discarded');
    await eventually(async () => expect((await storedRows(anonymousId)).map((row) => row.path)).toEqual(['/about']));
  });

  it('joins the landing view to the user who signs up from that browser: the admin funnel starts there, once per user, and replays change nothing', async () => {
    const admin = await registeredUser(t, 'admin@example.com');
    const anonymousId = randomUUID();
    const other = randomUUID();
    for (const [id, path, at] of [
      [anonymousId, '/', minutesAgo(20)],
      [anonymousId, '/pricing', minutesAgo(19)],
      [anonymousId, '/', minutesAgo(18)],
      [other, '/', minutesAgo(17)], // a visitor who never signs up
    ] as const) {
      expect((await visitor(pageView(id, path, at, `s-${id}`), { ip: '10.1.0.7' })).statusCode).toBe(202);
    }
    const before = await eventually(async () => {
      const funnel = funnelResponseSchema.parse(
        (await admin.get(`/api/admin/analytics/funnel?start=${yesterday}&end=${today}`)).json(),
      );
      expect(funnel.total[0]).toMatchObject({ id: 'landing_viewed', users: 3 });
      return funnel;
    });
    expect(before.total[1]).toMatchObject({ id: 'signed_up', users: 0 });

    const newcomer = await registeredUser(t, 'newcomer@example.com');
    const identify = {
      event: 'user_identified',
      properties: {},
      context: { sessionId: `s-${anonymousId}`, timestamp: new Date().toISOString(), path: '/', anonymousId },
    };
    expect((await newcomer.post('/api/analytics/events', identify)).statusCode).toBe(202);
    // Sent again (a retry) and claimed by someone else later: the first claim stands, nothing counts twice.
    expect((await newcomer.post('/api/analytics/events', identify)).statusCode).toBe(202);
    const thief = await registeredUser(t, 'thief@example.com');
    expect(
      (
        await thief.post('/api/analytics/events', {
          ...identify,
          context: { ...identify.context, timestamp: new Date(Date.now() + 1000).toISOString() },
        })
      ).statusCode,
    ).toBe(202);

    const after = await eventually(async () => {
      const funnel = funnelResponseSchema.parse(
        (await admin.get(`/api/admin/analytics/funnel?start=${yesterday}&end=${today}`)).json(),
      );
      expect(funnel.total[1]).toMatchObject({ id: 'signed_up', users: 1 });
      return funnel;
    });
    // The newcomer, the visitor who left, and the landing view the earlier test left: three at the top.
    expect(after.total[0]).toMatchObject({ id: 'landing_viewed', users: 3 });
    expect(after.total[1]?.conversionFromPrevious).toBeCloseTo(1 / 3, 5);

    // A custom funnel from another page: only the newcomer viewed /pricing.
    const fromPricing = funnelResponseSchema.parse(
      (
        await admin.get(
          `/api/admin/analytics/funnel?start=${yesterday}&end=${today}&steps=page_viewed:/pricing,UserRegistered`,
        )
      ).json(),
    );
    expect(fromPricing.total.map((step) => step.users)).toEqual([1, 1]);

    // A replay of the stored rows (the same events again, as a rebuild or a re-delivery writes them) changes nothing.
    await t.services.analytics.analytics.command(
      `INSERT INTO tracked_events SELECT * FROM tracked_events WHERE anonymous_id IN ({a:String}, {b:String})`,
      { a: anonymousId, b: other },
    );
    expect((await storedRows(anonymousId)).filter((row) => row.event === 'page_viewed')).toHaveLength(6);
    const replayed = funnelResponseSchema.parse(
      (await admin.get(`/api/admin/analytics/funnel?start=${yesterday}&end=${today}`)).json(),
    );
    expect(replayed.total).toEqual(after.total);
  });

  it('counts a session from its events when the browser never sends session_ended', async () => {
    const ada = await registeredUser(t, 'ada.sessions@example.com');
    const day = utcDate(now - 86_400_000);
    const at = (time: string) => `${day}T${time}.000Z`;
    const track = (event: string, time: string, sessionId: string) =>
      ada.post('/api/analytics/events', {
        event,
        properties: {},
        context: { sessionId, timestamp: at(time), path: '/daily' },
      });
    // One session: started, a page, a product event 14 minutes in, then the tab is killed (no session_ended).
    expect((await track('session_started', '10:00:00', 'tab-1')).statusCode).toBe(202);
    expect((await track('page_viewed', '10:05:00', 'tab-1')).statusCode).toBe(202);
    expect((await track('feature_used', '10:14:00', 'tab-1')).statusCode).toBe(202);
    // Another tab: a page view, an hour away (not counted), then 4 more minutes.
    expect((await track('page_viewed', '11:00:00', 'tab-2')).statusCode).toBe(202);
    expect((await track('page_viewed', '12:00:00', 'tab-2')).statusCode).toBe(202);
    expect((await track('page_viewed', '12:04:00', 'tab-2')).statusCode).toBe(202);
    await eventually(async () => {
      const response = await ada.post('/api/analytics/daily-metrics', { userId: ada.userId, date: day });
      expect(postDailyMetricsResponseSchema.parse(response.json()).metrics.sessionDuration).toBe(18);
    });
  });
});
