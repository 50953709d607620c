import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { energyResponseSchema, tasksMutationResponseSchema } from '@stride/domain/contracts/goals';
import { activateSubscription, createGoal, registeredUser } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';

describe('tasks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds tasks with defaults and de-duplicates by title and minutes', async () => {
    const client = await registeredUser(t, 'tasker@example.com');
    const { goal } = await createGoal(client, { title: 'Garden' });
    const added = await client.post(`/api/goals/${goal.id}/tasks`, {
      tasks: [
        { title: 'Buy seeds', estimated_minutes: 20, energy_level: 'low' },
        { title: 'Dig beds', estimated_minutes: 90, energy_level: 'high' },
        { title: ' buy SEEDS ', estimated_minutes: 20 },
        { title: 'Water' },
      ],
    });
    expect(added.statusCode).toBe(200);
    const body = tasksMutationResponseSchema.parse(added.json());
    expect(body.added).toBe(3);
    expect(
      body.tasks.map((task) => [task.title, task.estimated_minutes, task.energy_level, task.status, task.source]),
    ).toEqual([
      ['Buy seeds', 20, 'low', 'todo', 'manual'],
      ['Dig beds', 90, 'high', 'todo', 'manual'],
      ['Water', 30, 'medium', 'todo', 'manual'],
    ]);
    const duplicate = await client.post(`/api/goals/${goal.id}/tasks`, {
      tasks: [{ title: 'BUY SEEDS', estimated_minutes: 20 }],
    });
    expect(duplicate.json()).toMatchObject({ added: 0, tasks: [] });
    const goalRow = (await client.get(`/api/goals/${goal.id}`, { 'x-min-position': body.position ?? '0' })).json();
    expect(goalRow).toMatchObject({ task_count: 3, completed_task_count: 0 });
    expect(goalRow.generated_tasks.map((task: { title: string }) => task.title)).toEqual([
      'Buy seeds',
      'Dig beds',
      'Water',
    ]);
  });

  it('updates, starts, completes with minutes, logs time, reopens and soft-deletes a task', async () => {
    const client = await registeredUser(t, 'worker@example.com');
    const { goal } = await createGoal(client, { title: 'Paint' });
    const [task] = (await client.post(`/api/goals/${goal.id}/tasks`, { tasks: [{ title: 'Sand walls' }] })).json()
      .tasks;
    const base = `/api/goals/${goal.id}/tasks/${task.id}`;

    const patched = await client.patch(base, { title: 'Sand all walls', energy_level: 'high', estimated_minutes: 45 });
    expect(patched.json().task).toMatchObject({ title: 'Sand all walls', energy_level: 'high', estimated_minutes: 45 });
    expect((await client.patch(base, {})).statusCode).toBe(400);
    const started = await client.post(`${base}/start`);
    expect(started.json().task.status).toBe('in_progress');
    expect(started.json().task.started_at).toMatch(/Z$/);
    const logged = await client.post(`${base}/log-time`, { actual_minutes: 15 });
    expect(logged.json().task.actual_minutes).toBe(15);
    const completed = await client.post(`${base}/complete`, { actual_minutes: 20 });
    expect(completed.json().task).toMatchObject({ status: 'done', actual_minutes: 35 });
    expect((await client.post(`${base}/complete`)).statusCode).toBe(409);
    const reopened = await client.post(`${base}/reopen`, {});
    expect(reopened.json().task).toMatchObject({ status: 'todo', completed_at: null });
    expect((await client.post(`${base}/reopen`, {})).statusCode).toBe(409);
    expect((await client.post(`${base}/log-time`, { actual_minutes: 0 })).json().details.field).toBe('actual_minutes');

    const deleted = await client.delete(base);
    expect(deleted.json()).toMatchObject({ success: true });
    const goalRow = (await client.get(`/api/goals/${goal.id}`, { 'x-min-position': deleted.json().position })).json();
    expect(goalRow.generated_tasks).toEqual([]);
    expect(goalRow.task_count).toBe(0);
    expect((await client.post(`${base}/start`)).statusCode).toBe(404);
    expect((await client.delete(base)).statusCode).toBe(404);
    expect((await client.post(`/api/goals/${goal.id}/tasks/nope/start`)).statusCode).toBe(404);
  });

  it('the energy view lists open tasks of active goals that fit the energy and minutes, best fit first', async () => {
    const client = await registeredUser(t, 'energy@example.com');
    await activateSubscription(t, client.userId, 'pro');
    const { goal } = await createGoal(client, { title: 'Active goal' });
    const { goal: done } = await createGoal(client, { title: 'Finished goal' });
    const added = await client.post(`/api/goals/${goal.id}/tasks`, {
      tasks: [
        { title: 'Easy long', estimated_minutes: 60, energy_level: 'low' },
        { title: 'Medium short', estimated_minutes: 10, energy_level: 'medium' },
        { title: 'Hard', estimated_minutes: 30, energy_level: 'high' },
        { title: 'Easy short', estimated_minutes: 5, energy_level: 'low' },
      ],
    });
    const tasks = added.json().tasks as { id: string; title: string }[];
    await client.post(`/api/goals/${goal.id}/tasks/${tasks[3]!.id}/complete`);
    await client.post(`/api/goals/${done.id}/tasks`, { tasks: [{ title: 'Elsewhere', energy_level: 'low' }] });
    const closed = await client.post('/api/goals/update', { goalId: done.id, updates: { status: 'completed' } });
    const headers = { 'x-min-position': closed.json().position };

    const low = energyResponseSchema.parse((await client.get('/api/tasks/energy?level=low', headers)).json());
    expect(low.map((task) => task.title)).toEqual(['Easy long']);
    expect(low[0]?.goal_title).toBe('Active goal');
    const medium = (await client.get('/api/tasks/energy?level=medium&availableMinutes=30', headers)).json();
    expect(medium.map((task: { title: string }) => task.title)).toEqual(['Medium short']);
    const high = (await client.get('/api/tasks/energy?level=high', headers)).json();
    expect(high.map((task: { title: string }) => task.title)).toEqual(['Hard', 'Medium short', 'Easy long']);
    expect((await client.get('/api/tasks/energy?level=extreme')).statusCode).toBe(400);
  });
});
