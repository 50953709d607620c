import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoal, registeredUser } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';

describe('/api/audit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { ADMIN_EMAILS: 'auditor@example.com' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("pages a stream's events with their metadata, for the owner", async () => {
    const owner = await registeredUser(t, 'owner@example.com');
    const { goal } = await createGoal(owner, { title: 'Audited' }, { 'idempotency-key': 'audit-create' });
    for (const title of ['One', 'Two', 'Three']) {
      await owner.post('/api/goals/update', { goalId: goal.id, updates: { title } });
    }
    const first = (await owner.get(`/api/audit/streams/goal-${goal.id}?limit=2`)).json();
    expect(first).toMatchObject({ streamId: `goal-${goal.id}`, version: 4, nextAfterVersion: 2 });
    expect(first.events.map((e: { type: string }) => e.type)).toEqual(['GoalCreated', 'GoalUpdated']);
    expect(first.events[0].metadata).toMatchObject({ userId: owner.userId, requestIdempotencyKey: 'audit-create' });
    expect(first.events[0].metadata.correlationId).toBeTypeOf('string');
    const second = (await owner.get(`/api/audit/streams/goal-${goal.id}?afterVersion=2&limit=2`)).json();
    expect(second.events.map((e: { streamVersion: number }) => e.streamVersion)).toEqual([3, 4]);
    expect(second.nextAfterVersion).toBeNull();
  });

  it('rebuilds the state at a position or a time', async () => {
    const owner = await registeredUser(t, 'timeline@example.com');
    const { goal } = await createGoal(owner, { title: 'Before' });
    const events = (await owner.get(`/api/audit/streams/goal-${goal.id}`)).json().events;
    const createdAt = events[0].recordedAt as string;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await owner.post('/api/goals/update', { goalId: goal.id, updates: { title: 'After' } });

    const atCreation = (
      await owner.get(`/api/audit/streams/goal-${goal.id}/state?at=${events[0].globalPosition}`)
    ).json();
    expect(atCreation).toMatchObject({ version: 1, state: { title: 'Before', status: 'active' } });
    const byTime = (
      await owner.get(`/api/audit/streams/goal-${goal.id}/state?at=${encodeURIComponent(createdAt)}`)
    ).json();
    expect(byTime.state.title).toBe('Before');
    const now = (await owner.get(`/api/audit/streams/goal-${goal.id}/state`)).json();
    expect(now).toMatchObject({ version: 2, state: { title: 'After' } });
    const before = (await owner.get(`/api/audit/streams/goal-${goal.id}/state?at=2000-01-01T00:00:00Z`)).json();
    expect(before).toMatchObject({ version: 0, state: null });
    const usage = (await owner.get(`/api/audit/streams/usage-${owner.userId}/state`)).json();
    expect(usage.state).toMatchObject({ goalsThisMonth: 1 });
    expect((await owner.get(`/api/audit/streams/goal-${goal.id}/state?at=yesterday`)).statusCode).toBe(400);
  });

  it("keeps streams to their owner; admins see all and a user's whole trail", async () => {
    const owner = await registeredUser(t, 'private@example.com');
    const other = await registeredUser(t, 'nosy@example.com');
    const { goal } = await createGoal(owner, { title: 'Mine' });
    expect((await other.get(`/api/audit/streams/goal-${goal.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/audit/streams/goal-${goal.id}/state`)).statusCode).toBe(404);
    expect((await other.get(`/api/audit/streams/user-${owner.userId}`)).statusCode).toBe(404);
    expect((await other.get('/api/audit/streams/not-a-stream')).statusCode).toBe(404);
    expect((await other.get(`/api/audit/users/${owner.userId}`)).statusCode).toBe(403);

    const admin = await registeredUser(t, 'auditor@example.com');
    expect((await admin.get(`/api/audit/streams/goal-${goal.id}`)).statusCode).toBe(200);
    const trail = (await admin.get(`/api/audit/users/${owner.userId}?limit=2`)).json();
    expect(trail.events.map((e: { type: string }) => e.type)).toEqual(['UserRegistered', 'GoalCreated']);
    expect(trail.nextAfterPosition).toBe(trail.events[1].globalPosition);
    const rest = (await admin.get(`/api/audit/users/${owner.userId}?afterPosition=${trail.nextAfterPosition}`)).json();
    expect(rest.events.map((e: { type: string }) => e.type)).toEqual(['UsageMonthReset', 'GoalCounted']);
  });
});
