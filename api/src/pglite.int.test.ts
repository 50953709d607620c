import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoal, registeredUser } from '../test/fixtures';
import { startTestApp, type TestApp } from '../test/test-app';

/** The same app on the embedded database (PGlite over the wire protocol), as `npm start` runs it. */
describe('on embedded PGlite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database: 'pglite' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers, creates a goal with tasks, lists it and enforces the limit', async () => {
    const client = await registeredUser(t, 'embedded@example.com');
    const { goal, position } = await createGoal(client, { title: 'Embedded goal' }, { 'idempotency-key': 'pglite-1' });
    const added = await client.post(`/api/goals/${goal.id}/tasks`, {
      tasks: [{ title: 'First step', energy_level: 'low' }],
    });
    expect(added.json().added).toBe(1);
    const list = await client.get('/api/goals/list', { 'x-min-position': added.json().position ?? position });
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0]).toMatchObject({ title: 'Embedded goal', task_count: 1 });
    expect((await client.post('/api/goals/create-simple', { title: 'Second' })).statusCode).toBe(403);
    const retried = await client.post(
      '/api/goals/create-simple',
      { title: 'Embedded goal' },
      { 'idempotency-key': 'pglite-1' },
    );
    expect(retried.statusCode).toBe(201);
    expect(retried.json().goal.id).toBe(goal.id);
    expect((await client.get('/api/user/get-user-data-simple')).json()).toMatchObject({ goals_this_month: 1 });
  });
});
