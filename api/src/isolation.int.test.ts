import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateSubscription, createGoal, registeredUser } from '../test/fixtures';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app';

/**
 * User A can neither read nor change user B's goals, tasks, collections, preferences, usage or audits,
 * through any endpoint, /api/db/query included. B's data is checked unchanged at the end.
 */
describe('isolation between users', () => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let goalId: string;
  let taskId: string;
  let collectionId: string;

  beforeAll(async () => {
    t = await startTestApp();
    a = await registeredUser(t, 'a@example.com');
    b = await registeredUser(t, 'b@example.com');
    await activateSubscription(t, b.userId, 'pro');
    goalId = (await createGoal(b, { title: "B's goal" })).goal.id;
    taskId = (await b.post(`/api/goals/${goalId}/tasks`, { tasks: [{ title: "B's task" }] })).json().tasks[0].id;
    collectionId = (await b.post('/api/collections', { name: "B's collection" })).json().collection.id;
    await b.post(`/api/collections/${collectionId}/goals`, { goalId });
    await b.post('/api/user/update-preferences-simple', { preferences: { lastViewedGoalId: goalId } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("reads: A sees none of B's data", async () => {
    expect((await a.get('/api/goals/list')).json()).toEqual([]);
    expect((await a.get('/api/goals/list-simple')).json()).toEqual([]);
    expect((await a.get(`/api/goals/${goalId}`)).statusCode).toBe(404);
    expect((await a.get('/api/tasks/energy?level=high')).json()).toEqual([]);
    expect((await a.get('/api/collections')).json()).toEqual([]);
    expect((await a.get(`/api/collections/${collectionId}`)).statusCode).toBe(404);
    expect((await a.get('/api/user/get-user-data')).json()).toEqual({ id: a.userId, preferences: {} });
    expect((await a.get('/api/user/get-user-data-simple')).json().id).toBe(a.userId);
    expect((await a.get('/api/goals/list-simple', { 'x-user-id': b.userId })).statusCode).toBe(403);
    for (const stream of [
      `goal-${goalId}`,
      `collection-${collectionId}`,
      `user-${b.userId}`,
      `usage-${b.userId}`,
      `billing-${b.userId}`,
    ]) {
      expect((await a.get(`/api/audit/streams/${stream}`)).statusCode).toBe(404);
      expect((await a.get(`/api/audit/streams/${stream}/state`)).statusCode).toBe(404);
    }
    expect((await a.get(`/api/audit/users/${b.userId}`)).statusCode).toBe(403);
  });

  it("usage: A cannot read or reset B's counters", async () => {
    expect((await a.post('/api/usage/increment', { type: 'goals', userId: b.userId })).statusCode).toBe(403);
    expect((await a.post('/api/usage/check-and-reset', { userId: b.userId })).statusCode).toBe(403);
  });

  it("writes: every command on B's data is a 404 for A", async () => {
    const base = `/api/goals/${goalId}/tasks/${taskId}`;
    const attempts = [
      a.post('/api/goals/update', { goalId, updates: { title: 'Hijacked' } }),
      a.post('/api/goals/update', { goalId, updates: { status: 'abandoned' } }),
      a.post('/api/goals/delete', { goalId }),
      a.post(`/api/goals/${goalId}/tasks`, { tasks: [{ title: 'Injected' }] }),
      a.patch(base, { title: 'Hijacked' }),
      a.post(`${base}/start`),
      a.post(`${base}/complete`, { actual_minutes: 5 }),
      a.post(`${base}/log-time`, { actual_minutes: 5 }),
      a.post(`${base}/reopen`),
      a.delete(base),
      a.patch(`/api/collections/${collectionId}`, { name: 'Hijacked' }),
      a.post(`/api/collections/${collectionId}/goals`, { goalId }),
      a.delete(`/api/collections/${collectionId}/goals/${goalId}`),
      a.delete(`/api/collections/${collectionId}`),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(404);
    // A's own collection cannot take B's goal either
    const own = (await a.post('/api/collections', { name: 'Mine' })).json().collection.id;
    expect((await a.post(`/api/collections/${own}/goals`, { goalId })).statusCode).toBe(404);
    // A creating a goal with B's goal id makes A's own goal (ids are scoped per user): no takeover, no oracle
    const takeover = await a.post('/api/goals/create-simple', { id: goalId, title: 'Takeover' });
    expect(takeover.statusCode).toBe(201);
    expect(takeover.json().goal.id).not.toBe(goalId);
  });

  it("/api/db/query: A can neither widen a select nor write B's rows", async () => {
    const query = (body: Record<string, unknown>) => a.post('/api/db/query', body);
    expect((await query({ table: 'goals', operation: 'select', filters: { id: goalId } })).json().data).toEqual([]);
    expect((await query({ table: 'goals', operation: 'select', filters: { user_id: b.userId } })).statusCode).toBe(403);
    expect((await query({ table: 'tasks', operation: 'select', filters: { goal_id: goalId } })).json().data).toEqual(
      [],
    );
    expect((await query({ table: 'tasks', operation: 'select', filters: { user_id: b.userId } })).statusCode).toBe(403);
    expect((await query({ table: 'user_data', operation: 'select', filters: { id: b.userId } })).statusCode).toBe(403);
    expect(
      (await query({ table: 'goals', operation: 'update', data: { title: 'x' }, filters: { id: goalId } })).statusCode,
    ).toBe(404);
    expect((await query({ table: 'goals', operation: 'delete', filters: { id: goalId } })).statusCode).toBe(404);
    expect(
      (await query({ table: 'tasks', operation: 'update', data: { title: 'x' }, filters: { id: taskId } })).statusCode,
    ).toBe(404);
    expect(
      (
        await query({
          table: 'tasks',
          operation: 'update',
          data: { title: 'x' },
          filters: { id: taskId, goal_id: goalId },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await query({ table: 'tasks', operation: 'delete', filters: { id: taskId, goal_id: goalId } })).statusCode,
    ).toBe(404);
    expect(
      (await query({ table: 'tasks', operation: 'insert', data: { goal_id: goalId, title: 'x' } })).statusCode,
    ).toBe(404);
    expect(
      (await query({ table: 'user_data', operation: 'update', data: { id: b.userId, preferences: { a: 1 } } }))
        .statusCode,
    ).toBe(403);
  });

  it("B's data is unchanged", async () => {
    const goal = (await b.get(`/api/goals/${goalId}`)).json();
    expect(goal).toMatchObject({ title: "B's goal", status: 'active', task_count: 1, collection_ids: [collectionId] });
    expect(goal.generated_tasks[0]).toMatchObject({
      id: taskId,
      title: "B's task",
      status: 'todo',
      actual_minutes: null,
    });
    expect((await b.get(`/api/collections/${collectionId}`)).json()).toMatchObject({
      name: "B's collection",
      goal_ids: [goalId],
    });
    expect((await b.get('/api/user/get-user-data')).json().preferences).toEqual({ lastViewedGoalId: goalId });
    const events = (await b.get(`/api/audit/streams/goal-${goalId}`)).json().events;
    expect(events.every((event: { metadata: { userId: string } }) => event.metadata.userId === b.userId)).toBe(true);
  });
});
