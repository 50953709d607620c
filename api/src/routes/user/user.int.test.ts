import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvents } from '@stride/application/commands/record-events';
import { serverUserRecordSchema } from '@stride/domain/contracts/users';
import { activateSubscription, registeredUser } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';

describe('/api/user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { ADMIN_EMAILS: 'admin@example.com' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('ensure-user-exists creates the record once, with attribution, and is idempotent', async () => {
    const client = await t.signIn('new@example.com', 'New Person');
    expect((await client.get('/api/user/get-user-data-simple')).statusCode).toBe(404);
    const first = await client.post('/api/user/ensure-user-exists', {
      email: 'new@example.com',
      name: 'New Person',
      attribution: { utm_source: 'newsletter', landing_page: '/pricing' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().created).toBe(true);
    expect(serverUserRecordSchema.parse(first.json().user)).toMatchObject({
      id: client.userId,
      email: 'new@example.com',
      name: 'New Person',
      subscription_tier: 'free',
      subscription_status: 'active',
      goals_this_month: 0,
      ai_generations_this_month: 0,
      goals_limit: 1,
      ai_generations_limit: 3,
      onboarding_completed: false,
      is_admin: false,
      payment_failed_at: null,
      grace_period_ends_at: null,
    });
    const again = await client.post('/api/user/ensure-user-exists', { email: 'new@example.com', name: 'New Person' });
    expect(again.json().created).toBe(false);
    expect(again.json().position).toBe(first.json().position);

    const stream = (await client.get(`/api/audit/streams/user-${client.userId}`)).json();
    expect(stream.events).toHaveLength(1);
    expect(stream.events[0].data.attribution).toMatchObject({ utm_source: 'newsletter', acquisition_channel: 'Email' });
  });

  it("the time zone: UTC by default, the browser's at sign-in while none is known, the profile's always", async () => {
    const client = await t.signIn('zone@example.com', 'Zone Person');
    const first = await client.post('/api/user/ensure-user-exists', { email: 'zone@example.com', name: 'Zone' });
    expect(first.json().user.time_zone).toBe('UTC');

    const fromBrowser = await client.post('/api/user/ensure-user-exists', {
      email: 'zone@example.com',
      name: 'Zone',
      timeZone: 'America/Los_Angeles',
    });
    expect(fromBrowser.json().user.time_zone).toBe('America/Los_Angeles');
    const otherBrowser = await client.post('/api/user/ensure-user-exists', {
      email: 'zone@example.com',
      name: 'Zone',
      timeZone: 'Europe/Paris',
    });
    expect(otherBrowser.json().user.time_zone).toBe('America/Los_Angeles');

    const chosen = await client.post('/api/user/time-zone', { timeZone: 'Asia/Tokyo' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().time_zone).toBe('Asia/Tokyo');
    const record = await client.get('/api/user/get-user-data-simple', { 'x-min-position': chosen.json().position });
    expect(record.json().time_zone).toBe('Asia/Tokyo');

    for (const timeZone of ['Mars/Base', '+05:00', '', 42]) {
      const bad = await client.post('/api/user/time-zone', { timeZone });
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json())).toContain('timeZone');
    }
    const badAtSignIn = await client.post('/api/user/ensure-user-exists', {
      email: 'zone@example.com',
      name: 'Zone',
      timeZone: 'Not/AZone',
    });
    expect(badAtSignIn.statusCode).toBe(400);
  });

  it("a new user's browser zone is recorded with the registration, in one append", async () => {
    const client = await t.signIn('zone-new@example.com', 'Zone New');
    const first = await client.post('/api/user/ensure-user-exists', {
      email: 'zone-new@example.com',
      name: 'Zone New',
      timeZone: 'Pacific/Auckland',
    });
    expect(first.json()).toMatchObject({ created: true, user: { time_zone: 'Pacific/Auckland' } });
    const stream = (await client.get(`/api/audit/streams/user-${client.userId}`)).json();
    expect(stream.events.map((event: { type: string }) => event.type)).toEqual([
      'UserRegistered',
      'UserTimeZoneChanged',
    ]);
  });

  it('the record shows the admin flag, the plan from billing events and payment failures', async () => {
    const admin = await registeredUser(t, 'admin@example.com');
    expect((await admin.get('/api/user/get-user-data-simple')).json().is_admin).toBe(true);

    const payer = await registeredUser(t, 'payer@example.com');
    await activateSubscription(t, payer.userId, 'starter');
    const record = (await payer.get('/api/user/get-user-data-simple')).json();
    expect(record).toMatchObject({ subscription_tier: 'starter', goals_limit: 10, ai_generations_limit: 100 });

    const failed = await recordEvents(
      t.services.commands,
      `billing-${payer.userId}`,
      [
        {
          type: 'PaymentFailed',
          data: { invoiceId: 'in_1', failedAt: '2026-01-02T03:04:05Z', gracePeriodEndsAt: '2026-01-09T03:04:05Z' },
        },
      ],
      { userId: 'system:billing' },
    );
    const pastDue = (
      await payer.get('/api/user/get-user-data-simple', { 'x-min-position': String(failed.lastPosition) })
    ).json();
    expect(pastDue).toMatchObject({
      subscription_status: 'past_due',
      payment_failed_at: '2026-01-02T03:04:05.000Z',
      grace_period_ends_at: '2026-01-09T03:04:05.000Z',
    });
  });

  it('bypass reads the counters straight from the usage stream', async () => {
    const client = await registeredUser(t, 'bypass@example.com');
    const created = await client.post('/api/goals/create-simple', { title: 'Count me' });
    expect(created.statusCode).toBe(201);
    const bypass = await client.get('/api/user/get-user-data-bypass');
    expect(bypass.json()).toEqual({ goals_this_month: 1, ai_generations_this_month: 0 });
  });

  it('preferences: read, merge, unchanged, invalid', async () => {
    const client = await registeredUser(t, 'prefs@example.com');
    expect((await client.get('/api/user/get-user-data')).json()).toEqual({ id: client.userId, preferences: {} });
    const saved = await client.post('/api/user/update-preferences-simple', {
      preferences: { lastViewedGoalId: 'g-1' },
    });
    expect(saved.json()).toMatchObject({ success: true, position: expect.stringMatching(/^\d+$/) });
    await client.post('/api/user/update-preferences-simple', { preferences: { theme: 'dark' } });
    const read = await client.get('/api/user/get-user-data', { 'x-min-position': saved.json().position });
    expect(read.json().preferences).toMatchObject({ lastViewedGoalId: 'g-1' });
    const unchanged = await client.post('/api/user/update-preferences-simple', {
      preferences: { lastViewedGoalId: 'g-1' },
    });
    expect(unchanged.statusCode).toBe(200);
    const invalid = await client.post('/api/user/update-preferences-simple', { preferences: { nested: { no: true } } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details.field).toBe('preferences.nested');

    const stranger = await t.signIn('unregistered@example.com');
    expect((await stranger.get('/api/user/get-user-data')).statusCode).toBe(404);
    expect((await stranger.post('/api/user/update-preferences-simple', { preferences: { a: 1 } })).statusCode).toBe(
      404,
    );
  });

  it('complete-onboarding records once', async () => {
    const client = await registeredUser(t, 'onboard@example.com');
    const done = await client.post('/api/user/complete-onboarding');
    expect(done.json()).toMatchObject({ success: true });
    await client.post('/api/user/complete-onboarding');
    const record = await client.get('/api/user/get-user-data-simple', { 'x-min-position': done.json().position });
    expect(record.json().onboarding_completed).toBe(true);
    const events = (await client.get(`/api/audit/streams/user-${client.userId}`)).json().events;
    expect(events.filter((e: { type: string }) => e.type === 'OnboardingCompleted')).toHaveLength(1);
  });
});
