import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionMutationResponseSchema, collectionRowSchema } from '@stride/domain/contracts/collections';
import { activateSubscription, createGoal, registeredUser } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { userScopedId } from '@stride/application/commands/ids';

describe('/api/collections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates, renames, adds and removes goals, lists, deletes', async () => {
    const client = await registeredUser(t, 'curator@example.com');
    await activateSubscription(t, client.userId, 'pro');
    const a = (await createGoal(client, { title: 'A' })).goal;
    const b = (await createGoal(client, { title: 'B' })).goal;

    const created = await client.post('/api/collections', {
      name: 'Fitness',
      color: '#00aa11',
      description: 'Move more',
    });
    expect(created.statusCode).toBe(201);
    const { collection } = collectionMutationResponseSchema.parse(created.json());
    expect(collection).toMatchObject({
      name: 'Fitness',
      color: '#00aa11',
      description: 'Move more',
      goal_ids: [],
      user_id: client.userId,
    });
    const id = collection!.id;

    expect((await client.patch(`/api/collections/${id}`, { name: 'Health' })).json().collection.name).toBe('Health');
    await client.post(`/api/collections/${id}/goals`, { goalId: a.id });
    const withB = await client.post(`/api/collections/${id}/goals`, { goalId: b.id });
    expect(withB.json().collection.goal_ids).toEqual([a.id, b.id]);
    const again = await client.post(`/api/collections/${id}/goals`, { goalId: a.id });
    expect(again.json().collection.goal_ids).toEqual([a.id, b.id]);

    const goal = (await client.get(`/api/goals/${a.id}`, { 'x-min-position': again.json().position })).json();
    expect(goal.collection_ids).toEqual([id]);

    const removed = await client.delete(`/api/collections/${id}/goals/${a.id}`);
    expect(removed.json().collection.goal_ids).toEqual([b.id]);

    const deletedGoal = await client.post('/api/goals/delete', { goalId: b.id });
    const shown = await client.get(`/api/collections/${id}`, { 'x-min-position': deletedGoal.json().position });
    expect(collectionRowSchema.parse(shown.json()).goal_ids).toEqual([]);

    const list = (await client.get('/api/collections')).json();
    expect(list.map((c: { id: string }) => c.id)).toEqual([id]);

    const deleted = await client.delete(`/api/collections/${id}`);
    expect(deleted.json()).toMatchObject({ collection: null });
    expect((await client.get(`/api/collections/${id}`)).statusCode).toBe(404);
    expect((await client.patch(`/api/collections/${id}`, { name: 'Gone' })).statusCode).toBe(404);
  });

  it('validates input and refuses goals that are not there', async () => {
    const client = await registeredUser(t, 'strict-curator@example.com');
    expect((await client.post('/api/collections', { name: '' })).json().details.field).toBe('name');
    expect((await client.post('/api/collections', { name: 'X', color: 'red' })).json().details.field).toBe('color');
    const { collection } = (await client.post('/api/collections', { id: 'col-1', name: 'Mine' })).json();
    expect(collection.id).toBe(userScopedId(client.userId, 'col-1')); // the client's id, scoped to the user
    expect((await client.post('/api/collections', { id: 'col-1', name: 'Again' })).statusCode).toBe(409);
    expect((await client.post(`/api/collections/${collection.id}/goals`, { goalId: 'no-such-goal' })).statusCode).toBe(
      404,
    );
  });
});
