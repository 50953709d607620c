import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbQueryResponseSchema } from '@stride/domain/contracts/db-query';
import { activateSubscription, createGoal, registeredUser } from '../../../test/fixtures';
import { startTestApp, type TestApp, type TestClient } from '../../../test/test-app';

describe('POST /api/db/query', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const query = (client: TestClient, body: Record<string, unknown>) => client.post('/api/db/query', body);

  it('goals: insert is CreateGoal (limit included), select filters and orders, update and delete are commands', async () => {
    const client = await registeredUser(t, 'legacy@example.com');
    const inserted = await query(client, {
      table: 'goals',
      operation: 'insert',
      data: {
        id: 'legacy-1',
        title: 'Legacy goal',
        description: 'd',
        target_date: '2027-02-03',
        category: 'work',
        status: 'active',
        priority: 'low',
      },
    });
    expect(inserted.statusCode).toBe(200);
    const body = dbQueryResponseSchema.parse(inserted.json());
    // The id sent is the caller's key: the goal's id is scoped to the caller (no existence oracle).
    const goalId = (body.data[0] as { id: string }).id;
    expect(goalId).not.toBe('legacy-1');
    expect(body.data[0]).toMatchObject({
      user_id: client.userId,
      category: 'work',
      priority: 'low',
      target_date: '2027-02-03',
    });

    const overLimit = await query(client, { table: 'goals', operation: 'insert', data: { title: 'Second' } });
    expect(overLimit.statusCode).toBe(403);
    expect(overLimit.json().code).toBe('limit_reached');

    const selected = await query(client, {
      table: 'goals',
      operation: 'select',
      filters: { status: 'active' },
      orderBy: 'created_at:desc',
    });
    expect(selected.json().data.map((g: { id: string }) => g.id)).toEqual([goalId]);
    expect(
      (await query(client, { table: 'goals', operation: 'select', filters: { status: 'completed' } })).json().data,
    ).toEqual([]);

    const updated = await query(client, {
      table: 'goals',
      operation: 'update',
      data: { title: 'Renamed', status: 'completed' },
      filters: { id: goalId },
    });
    expect(updated.json().data[0]).toMatchObject({ title: 'Renamed', status: 'completed' });
    const badUpdate = await query(client, {
      table: 'goals',
      operation: 'update',
      data: { priority: 'urgent' },
      filters: { id: goalId },
    });
    expect(badUpdate.json().details.field).toBe('priority');

    const deleted = await query(client, { table: 'goals', operation: 'delete', filters: { id: goalId } });
    expect(deleted.json().data).toEqual([]);
    const after = await client.post(
      '/api/db/query',
      { table: 'goals', operation: 'select' },
      { 'x-min-position': deleted.json().position },
    );
    expect(after.json().data).toEqual([]);
  });

  it('refuses unknown tables, unknown columns, bad orderBy, writes without an id, and other users', async () => {
    const client = await registeredUser(t, 'careful@example.com');
    const table = await query(client, { table: 'users', operation: 'select' });
    expect(table.statusCode).toBe(400);
    expect(table.json().details.field).toBe('table');
    const column = await query(client, { table: 'goals', operation: 'select', filters: { password: 'x' } });
    expect(column.statusCode).toBe(400);
    expect(column.json().details.field).toBe('filters.password');
    const order = await query(client, { table: 'goals', operation: 'select', orderBy: 'secret:asc' });
    expect(order.json().details.field).toBe('orderBy');
    const injection = await query(client, {
      table: 'goals',
      operation: 'select',
      orderBy: 'created_at; drop table goals',
    });
    expect(injection.statusCode).toBe(400);
    const noId = await query(client, { table: 'goals', operation: 'update', data: { title: 'x' } });
    expect(noId.json().details.field).toBe('filters.id');
    const widen = await query(client, { table: 'goals', operation: 'select', filters: { user_id: 'usr_other' } });
    expect(widen.statusCode).toBe(403);
    const foreignInsert = await query(client, {
      table: 'goals',
      operation: 'insert',
      data: { title: 'x', user_id: 'usr_other' },
    });
    expect(foreignInsert.statusCode).toBe(403);
    const userDataDelete = await query(client, {
      table: 'user_data',
      operation: 'delete',
      filters: { id: client.userId },
    });
    expect(userDataDelete.statusCode).toBe(403);
  });

  it("tasks: insert, select, update (fields, status, minutes), delete; only on the caller's goals", async () => {
    const client = await registeredUser(t, 'legacy-tasks@example.com');
    await activateSubscription(t, client.userId, 'pro');
    const { goal } = await createGoal(client, { title: 'With tasks' });
    const inserted = await query(client, {
      table: 'tasks',
      operation: 'insert',
      data: { goal_id: goal.id, title: 'Step one', estimated_minutes: 15, energy_level: 'low' },
    });
    const task = inserted.json().data[0];
    expect(task).toMatchObject({ goal_id: goal.id, title: 'Step one', estimated_minutes: 15 });

    const selected = await query(client, {
      table: 'tasks',
      operation: 'select',
      filters: { goal_id: goal.id },
      orderBy: 'created_at:asc',
    });
    expect(selected.json().data.map((row: { id: string }) => row.id)).toEqual([task.id]);

    const started = await query(client, {
      table: 'tasks',
      operation: 'update',
      data: { status: 'in_progress', title: 'Step 1' },
      filters: { id: task.id },
    });
    expect(started.json().data[0]).toMatchObject({ status: 'in_progress', title: 'Step 1' });
    const done = await query(client, {
      table: 'tasks',
      operation: 'update',
      data: { status: 'done', actual_minutes: 12 },
      filters: { id: task.id, goal_id: goal.id },
    });
    expect(done.json().data[0]).toMatchObject({ status: 'done', actual_minutes: 12 });

    const removed = await query(client, { table: 'tasks', operation: 'delete', filters: { id: task.id } });
    expect(removed.statusCode).toBe(200);
    const none = await client.post(
      '/api/db/query',
      { table: 'tasks', operation: 'select' },
      { 'x-min-position': removed.json().position },
    );
    expect(none.json().data).toEqual([]);
  });

  it("user_data: select and update the caller's preferences only", async () => {
    const client = await registeredUser(t, 'legacy-prefs@example.com');
    const updated = await query(client, {
      table: 'user_data',
      operation: 'update',
      data: { preferences: { lastViewedGoalId: 'g-9' } },
    });
    expect(updated.json().data).toEqual([{ id: client.userId, preferences: { lastViewedGoalId: 'g-9' } }]);
    const selected = await query(client, { table: 'user_data', operation: 'select', filters: { id: client.userId } });
    expect(selected.json().data).toHaveLength(1);
    expect(
      (await query(client, { table: 'user_data', operation: 'select', filters: { id: 'usr_other' } })).statusCode,
    ).toBe(403);
    const foreign = await query(client, {
      table: 'user_data',
      operation: 'update',
      data: { id: 'usr_other', preferences: { a: 1 } },
    });
    expect(foreign.statusCode).toBe(403);
  });
});
