import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateSubscription, createGoal, registeredUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';

/**
 * The API's read models are updated in each command's transaction (inline projections), so a command's
 * response and every read after it see the write at once: there is nothing to wait for.
 */
describe('read-your-writes without waiting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('every read right after a command shows it, with no position sent (goals, tasks, usage, collections, plan)', async () => {
    const client = await registeredUser(t, 'ryw@example.com');
    expect((await client.get('/api/goals/list')).json()).toEqual([]); // the list cache now holds []
    const { goal } = await createGoal(client, { title: 'Swim a mile' });
    expect(goal.version).toBe(1);
    const list = (await client.get('/api/goals/list')).json();
    expect(list.map((row: { title: string }) => row.title)).toEqual(['Swim a mile']);
    expect((await client.get('/api/user/get-user-data-simple')).json()).toMatchObject({ goals_this_month: 1 });

    const added = await client.post(`/api/goals/${goal.id}/tasks`, { tasks: [{ title: 'Warm up' }] });
    expect(added.statusCode).toBe(200);
    const row = (await client.get(`/api/goals/${goal.id}`)).json();
    expect(row.generated_tasks.map((task: { title: string }) => task.title)).toEqual(['Warm up']);

    const collection = (await client.post('/api/collections', { name: 'Sport' })).json().collection;
    await client.post(`/api/collections/${collection.id}/goals`, { goalId: goal.id });
    expect((await client.get('/api/goals/list')).json()[0].collection_ids).toEqual([collection.id]);
    expect((await client.get('/api/collections')).json()).toHaveLength(1);

    await activateSubscription(t, client.userId, 'pro');
    expect((await client.get('/api/user/get-user-data-simple')).json()).toMatchObject({ subscription_tier: 'pro' });
  });

  it('a position ahead of the log is accepted and answered at once, never marked stale', async () => {
    const client = await registeredUser(t, 'ahead@example.com');
    await createGoal(client, { title: 'Read' });
    const read = await client.get('/api/goals/list', { 'x-min-position': '999999999999' });
    expect(read.statusCode).toBe(200);
    expect(read.headers['x-read-model-stale']).toBeUndefined();
    expect(read.json()).toHaveLength(1);
    expect((await client.get('/api/goals/list?minPosition=abc')).statusCode).toBe(400);
  });

  it('no read model is followed asynchronously: no projection checkpoint is left in the database', async () => {
    const { rows } = await t.services.pool.query(
      "SELECT count(*)::int AS n FROM subscription_checkpoints WHERE subscription_id LIKE 'projection:%'",
    );
    expect(rows[0].n).toBe(0);
  });
});
