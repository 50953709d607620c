import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredUser } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';

describe('/api/usage', () => {
  let t: TestApp;
  let now = new Date('2026-03-30T12:00:00.000Z');
  beforeAll(async () => {
    t = await startTestApp({ clock: () => now });
  });
  afterAll(async () => {
    await t.close();
  });

  it('increment never adds: it answers the authoritative count, the limit and whether one more is allowed', async () => {
    const client = await registeredUser(t, 'counter@example.com');
    const before = await client.post('/api/usage/increment', { type: 'goals', userId: client.userId });
    expect(before.json()).toEqual({ newValue: 0, limit: 1, allowed: true, current_month: '2026-03' });
    await client.post('/api/usage/increment', { type: 'goals', userId: client.userId });
    expect((await client.post('/api/usage/increment', { type: 'goals', userId: client.userId })).json().newValue).toBe(
      0,
    );
    expect((await client.post('/api/goals/create-simple', { title: 'Counted by the command' })).statusCode).toBe(201);
    const after = await client.post('/api/usage/increment', { type: 'goals', userId: client.userId });
    expect(after.json()).toEqual({ newValue: 1, limit: 1, allowed: false, current_month: '2026-03' });
    const ai = await client.post('/api/usage/increment', { type: 'ai', userId: client.userId });
    expect(ai.json()).toEqual({ newValue: 0, limit: 3, allowed: true, current_month: '2026-03' });
  });

  it('userId is required and must be the caller', async () => {
    const client = await registeredUser(t, 'strict@example.com');
    const missing = await client.post('/api/usage/increment', { type: 'goals' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'userId: User ID is required', details: { field: 'userId' } });
    const empty = await client.post('/api/usage/check-and-reset', { userId: '' });
    expect(empty.json().details.field).toBe('userId');
    const other = await client.post('/api/usage/check-and-reset', { userId: 'usr_someone_else' });
    expect(other.statusCode).toBe(403);
    const badType = await client.post('/api/usage/increment', { type: 'tokens', userId: client.userId });
    expect(badType.json().details.field).toBe('type');
  });

  it('check-and-reset resets once when a new month starts', async () => {
    now = new Date('2026-03-31T23:59:00.000Z');
    const client = await registeredUser(t, 'monthly@example.com');
    expect((await client.post('/api/goals/create-simple', { title: 'March goal' })).statusCode).toBe(201);
    const same = await client.post('/api/usage/check-and-reset', { userId: client.userId });
    expect(same.json()).toMatchObject({ reset: false, current_month: '2026-03', goals_this_month: 1 });

    now = new Date('2026-04-01T00:01:00.000Z');
    const record = await client.get('/api/user/get-user-data-simple');
    expect(record.json()).toMatchObject({ current_month: '2026-04', goals_this_month: 0 });
    const reset = await client.post('/api/usage/check-and-reset', { userId: client.userId });
    expect(reset.json()).toMatchObject({
      reset: true,
      current_month: '2026-04',
      goals_this_month: 0,
      ai_generations_this_month: 0,
    });
    const again = await client.post('/api/usage/check-and-reset', { userId: client.userId });
    expect(again.json().reset).toBe(false);
    expect((await client.post('/api/goals/create-simple', { title: 'April goal' })).statusCode).toBe(201);
    const after = await client.get('/api/user/get-user-data-simple', {
      'x-min-position': again.json().position ?? '0',
    });
    expect(after.json().last_reset_date).toBe('2026-04-01T00:01:00.000Z');
  });

  it("the monthly goal limit starts again at the user's local midnight (their time zone), not UTC's", async () => {
    const la = await registeredUser(t, 'los-angeles@example.com');
    expect((await la.post('/api/user/time-zone', { timeZone: 'America/Los_Angeles' })).statusCode).toBe(200);
    const utc = await registeredUser(t, 'greenwich@example.com');
    now = new Date('2026-03-20T12:00:00.000Z');
    for (const client of [la, utc]) {
      expect((await client.post('/api/goals/create-simple', { title: 'March goal' })).statusCode).toBe(201);
    }
    now = new Date('2026-04-01T03:00:00.000Z'); // 20:00 on March 31st in Los Angeles
    const stillMarch = await la.post('/api/goals/create-simple', { title: 'Too early' });
    expect(stillMarch.statusCode).toBe(403);
    expect(stillMarch.json().code).toBe('limit_reached');
    expect((await utc.post('/api/goals/create-simple', { title: 'April in UTC' })).statusCode).toBe(201);
    now = new Date('2026-04-01T08:00:00.000Z'); // 01:00 on April 1st in Los Angeles
    expect((await la.post('/api/goals/create-simple', { title: 'April goal' })).statusCode).toBe(201);
    expect((await la.get('/api/user/get-user-data-simple')).json()).toMatchObject({
      current_month: '2026-04',
      goals_this_month: 1,
    });
  });
});
