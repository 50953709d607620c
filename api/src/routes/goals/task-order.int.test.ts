import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reorderTasksResponseSchema } from '@stride/domain/contracts/goals';
import { eventRegistry } from '@stride/domain/event-catalogue';
import { createGoalsProjection } from '@stride/projections/goals/goals-projection';
import { rebuildProjection } from '@stride/projections/rebuild/rebuild-projection';
import { createGoal, registeredUser } from '../../../test/fixtures';
import { startTestApp, type TestApp, type TestClient } from '../../../test/test-app';

/** Issue 13 item 9: a goal's tasks can be reordered; every list follows the order, and a rebuild keeps it. */
describe('reordering a goal’s tasks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const goalWithTasks = async (client: TestClient, titles: string[]) => {
    const { goal } = await createGoal(client, { title: 'Move house' });
    const added = await client.post(`/api/goals/${goal.id}/tasks`, { tasks: titles.map((title) => ({ title })) });
    expect(added.statusCode).toBe(200);
    const tasks = added.json<{ tasks: { id: string; title: string }[] }>().tasks;
    return { goalId: goal.id, ids: Object.fromEntries(tasks.map((task) => [task.title, task.id])) };
  };
  const goalOrder = async (client: TestClient, goalId: string) =>
    (await client.get(`/api/goals/${goalId}`))
      .json<{ generated_tasks: { title: string }[] }>()
      .generated_tasks.map((task) => task.title);
  const listOrder = async (client: TestClient, goalId: string) =>
    (await client.get('/api/goals/list'))
      .json<{ id: string; generated_tasks: { title: string }[] }[]>()
      .find((goal) => goal.id === goalId)
      ?.generated_tasks.map((task) => task.title);

  it('answers the tasks in the new order; the goal, the goal list and a rebuild of the read model keep it', async () => {
    const client = await registeredUser(t, 'mover@example.com');
    const { goalId, ids } = await goalWithTasks(client, ['Pack', 'Label', 'Lift']);
    const reordered = await client.post(`/api/goals/${goalId}/tasks/reorder`, {
      task_ids: [ids.Lift, ids.Pack, ids.Label],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const body = reorderTasksResponseSchema.parse(reordered.json());
    expect(body.tasks.map((task) => task.title)).toEqual(['Lift', 'Pack', 'Label']);
    expect(body.position).not.toBeNull();
    expect(await goalOrder(client, goalId)).toEqual(['Lift', 'Pack', 'Label']);
    expect(await listOrder(client, goalId)).toEqual(['Lift', 'Pack', 'Label']);

    // A task added later goes last; the same order again appends nothing.
    await client.post(`/api/goals/${goalId}/tasks`, { tasks: [{ title: 'Clean' }] });
    expect(await goalOrder(client, goalId)).toEqual(['Lift', 'Pack', 'Label', 'Clean']);
    const again = await client.post(`/api/goals/${goalId}/tasks/reorder`, {
      task_ids: [
        ids.Lift,
        ids.Pack,
        ids.Label,
        (await client.get(`/api/goals/${goalId}`)).json().generated_tasks[3].id,
      ],
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().position).toBeNull();

    const rebuilt = await rebuildProjection(
      t.services.pool,
      t.services.eventStore,
      createGoalsProjection(eventRegistry),
    );
    expect(rebuilt.handled).toBeGreaterThan(0);
    expect(await goalOrder(client, goalId)).toEqual(['Lift', 'Pack', 'Label', 'Clean']);
    expect(await listOrder(client, goalId)).toEqual(['Lift', 'Pack', 'Label', 'Clean']);
    const { rows } = await t.services.pool.query<{ id: string; rank_in_goal: number | null }>(
      'SELECT id, rank_in_goal FROM tasks WHERE goal_id = $1 ORDER BY rank_in_goal NULLS LAST',
      [goalId],
    );
    expect(rows.map((row) => row.rank_in_goal)).toEqual([0, 1, 2, null]);
  });

  it('refuses a list that is not exactly the goal’s live tasks (409), a malformed body (400) and another user (404)', async () => {
    const client = await registeredUser(t, 'orderly@example.com');
    const { goalId, ids } = await goalWithTasks(client, ['One', 'Two', 'Three']);
    const url = `/api/goals/${goalId}/tasks/reorder`;

    const missing = await client.post(url, { task_ids: [ids.Two, ids.One] });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().details).toMatchObject({ field: 'taskIds', missing: [ids.Three] });

    await client.delete(`/api/goals/${goalId}/tasks/${ids.Two}`);
    const withDeleted = await client.post(url, { task_ids: [ids.Three, ids.Two, ids.One] });
    expect(withDeleted.statusCode).toBe(409);
    expect(withDeleted.json().details).toMatchObject({ unknown: [ids.Two] });
    expect((await client.post(url, { task_ids: [ids.Three, ids.One] })).statusCode).toBe(200);
    expect(await goalOrder(client, goalId)).toEqual(['Three', 'One']);

    const twice = await client.post(url, { task_ids: [ids.One, ids.One, ids.Three] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details.field).toBe('taskIds');
    const empty = await client.post(url, { task_ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('task_ids');

    const stranger = await registeredUser(t, 'stranger@example.com');
    const theirs = await stranger.post(url, { task_ids: [ids.One, ids.Three] });
    expect(theirs.statusCode).toBe(404);
    expect(await goalOrder(client, goalId)).toEqual(['Three', 'One']);
  });

  it('edits a task’s notes (description) with its title, minutes and energy', async () => {
    const client = await registeredUser(t, 'editor@example.com');
    const { goalId, ids } = await goalWithTasks(client, ['Book van']);
    const patched = await client.patch(`/api/goals/${goalId}/tasks/${ids['Book van']}`, {
      title: 'Book a van',
      estimated_minutes: 15,
      energy_level: 'low',
      description: 'Ask for the big one',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().task).toMatchObject({
      title: 'Book a van',
      estimated_minutes: 15,
      energy_level: 'low',
      description: 'Ask for the big one',
    });
  });
});
