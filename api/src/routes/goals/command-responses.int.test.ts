import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { goalRowSchema, type GoalRow, type TaskRow } from '@stride/domain/contracts/goals';
import { activateSubscription, registeredUser } from '../../../test/fixtures';
import { startTestApp, type TestApp, type TestClient } from '../../../test/test-app';

/**
 * Goal and task commands answer from the rows their write statement returned (no read after the commit):
 * each answer must be exactly what a fresh read serves, and must come from the command's own write (its
 * result, stored with the Idempotency-Key, holds the rows), on the PostgreSQL server and on PGlite.
 */
describe.each(['postgres', 'pglite'] as const)('command responses from the written rows (%s)', (database) => {
  let t: TestApp;
  let client: TestClient;
  let keys = 0;
  beforeAll(async () => {
    t = await startTestApp({ database });
    client = await registeredUser(t, `responses-${database}@example.com`);
    await activateSubscription(t, client.userId);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A keyed command: its answer, and the result the command stored in its transaction. */
  const keyed = async (method: 'POST' | 'PATCH', url: string, payload: unknown) => {
    const key = `responses-${(keys += 1)}`;
    const response = await client.request({
      method,
      url,
      payload: payload as object,
      headers: { 'idempotency-key': key },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    const stored = await t.services.idempotency.find(client.userId, key);
    return { response, result: stored!.result as { goal?: GoalRow; task?: TaskRow; tasks?: TaskRow[] } };
  };

  const freshGoal = async (goalId: string): Promise<LightMyRequestResponse> => {
    const response = await client.get(`/api/goals/${goalId}`);
    expect(response.statusCode).toBe(200);
    return response;
  };

  /** The goal answered is the one read afterwards, to the byte, with the same ETag. */
  const expectGoalAsRead = async (response: LightMyRequestResponse, result: { goal?: GoalRow }) => {
    const { goal } = response.json<{ goal: GoalRow }>();
    expect(result.goal).toEqual(goal);
    const fresh = await freshGoal(goal.id);
    expect(JSON.stringify(goal)).toBe(fresh.body);
    expect(response.headers.etag).toBe(fresh.headers.etag);
    return goalRowSchema.parse(goal);
  };

  /** The task answered is the goal's live task as read afterwards. */
  const expectTaskAsRead = async (goalId: string, task: TaskRow) => {
    const fresh = (await freshGoal(goalId)).json<GoalRow>();
    expect(fresh.generated_tasks.find((candidate) => candidate.id === task.id)).toEqual(task);
  };

  it('create-goal, update-goal (a goal in a collection), add-task, complete-task, reopen-task, update-task', async () => {
    const created = await keyed('POST', '/api/goals/create-simple', {
      title: 'Learn Portuguese',
      description: 'Conversational by June',
      category: 'learning',
      target_date: '2027-06-30',
    });
    const goal = await expectGoalAsRead(created.response, created.result);
    expect(created.response.statusCode).toBe(201);
    expect(goal).toMatchObject({ title: 'Learn Portuguese', target_date: '2027-06-30', collection_ids: [] });

    const collection = await client.post('/api/collections', { name: 'Languages' });
    const collectionId = collection.json<{ collection: { id: string } }>().collection.id;
    expect((await client.post(`/api/collections/${collectionId}/goals`, { goalId: goal.id })).statusCode).toBe(200);

    const updated = await keyed('POST', '/api/goals/update', {
      goalId: goal.id,
      updates: { title: 'Learn Portuguese well', priority: 'high' },
    });
    expect(await expectGoalAsRead(updated.response, updated.result)).toMatchObject({
      title: 'Learn Portuguese well',
      collection_ids: [collectionId],
      version: goal.version + 1,
    });

    const added = await keyed('POST', `/api/goals/${goal.id}/tasks`, {
      tasks: [
        { title: 'Verbs', estimated_minutes: 25, energy_level: 'high' },
        { title: 'Listening', estimated_minutes: 40 },
      ],
    });
    const { tasks } = added.response.json<{ tasks: TaskRow[] }>();
    expect(tasks.map((task) => task.title)).toEqual(['Verbs', 'Listening']);
    expect(added.result.tasks).toEqual(tasks);
    for (const task of tasks) await expectTaskAsRead(goal.id, task);

    const base = `/api/goals/${goal.id}/tasks/${tasks[0]!.id}`;
    for (const [method, url, payload, status] of [
      ['POST', `${base}/complete`, { actual_minutes: 30 }, 'done'],
      ['POST', `${base}/reopen`, {}, 'todo'],
      ['PATCH', base, { title: 'Irregular verbs' }, 'todo'],
      ['POST', `${base}/start`, {}, 'in_progress'],
    ] as const) {
      const { response, result } = await keyed(method, url, payload);
      const { task } = response.json<{ task: TaskRow }>();
      expect(task.status).toBe(status);
      expect(result.task).toEqual(task);
      await expectTaskAsRead(goal.id, task);
    }

    const completedGoal = await keyed('POST', '/api/goals/update', {
      goalId: goal.id,
      updates: { status: 'completed' },
    });
    expect(await expectGoalAsRead(completedGoal.response, completedGoal.result)).toMatchObject({
      status: 'completed',
      task_count: 2,
    });
  });

  it('a command that writes nothing still answers the goal as read', async () => {
    const created = await client.post('/api/goals/create-simple', { title: 'Unchanged' });
    const goal = created.json<{ goal: GoalRow }>().goal;
    // Already active: nothing to change, nothing appended.
    const unchanged = await keyed('POST', '/api/goals/update', { goalId: goal.id, updates: { status: 'active' } });
    expect(unchanged.result.goal).toBeUndefined();
    expect(JSON.stringify(unchanged.response.json<{ goal: GoalRow }>().goal)).toBe((await freshGoal(goal.id)).body);
  });
});
