import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { goalRowSchema, listGoalsResponseSchema, taskRowSchema } from '@stride/domain/contracts/goals';
import { activateSubscription, createGoal, registeredUser } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { userScopedId } from '@stride/application/commands/ids';

describe('/api/goals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a goal (201) with defaults, counts it, and lists it', async () => {
    const alice = await registeredUser(t, 'alice@example.com');
    const created = await alice.post('/api/goals/create-simple', {
      id: 'goal-alice-1',
      title: '  Run a marathon ',
      target_date: '2027-05-01',
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers.etag).toBe('"1"');
    const { goal, position } = created.json();
    expect(goalRowSchema.parse(goal)).toMatchObject({
      id: userScopedId(alice.userId, 'goal-alice-1'), // the client's id, scoped to the user (issue 11, defect 9)
      user_id: alice.userId,
      title: 'Run a marathon',
      description: '',
      category: 'personal',
      priority: 'medium',
      target_date: '2027-05-01',
      status: 'active',
      generated_tasks: [],
      task_count: 0,
      collection_ids: [],
      version: 1,
    });
    expect(position).toMatch(/^\d+$/);

    const list = await alice.get('/api/goals/list', { 'x-min-position': position });
    expect(listGoalsResponseSchema.parse(list.json()).map((g) => g.id)).toEqual([goal.id]);
    const simple = await alice.get('/api/goals/list-simple');
    expect(simple.json()).toEqual(list.json());
    const record = await alice.get('/api/user/get-user-data-simple', { 'x-min-position': position });
    expect(record.json()).toMatchObject({ goals_this_month: 1, active_goals_count: 1, goals_limit: 1 });
  });

  it('refuses a goal past the free monthly limit with 403 limit_reached (the upgrade dialog trigger)', async () => {
    const bob = await registeredUser(t, 'bob@example.com');
    await createGoal(bob);
    const second = await bob.post('/api/goals/create-simple', { title: 'One too many' });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({
      error: 'Monthly goal limit reached for the free plan',
      code: 'limit_reached',
      details: { field: 'goals', limit: 1, used: 1, tier: 'free' },
    });
    // deleting does not give the month's goal back
    const [goal] = (await bob.get('/api/goals/list')).json();
    expect((await bob.post('/api/goals/delete', { goalId: goal.id })).statusCode).toBe(200);
    expect((await bob.post('/api/goals/create-simple', { title: 'Still too many' })).statusCode).toBe(403);
  });

  it('applies a retried create once: same Idempotency-Key, same response, one goal, one count', async () => {
    const carol = await registeredUser(t, 'carol@example.com');
    const headers = { 'idempotency-key': 'create-1' };
    const first = await carol.post('/api/goals/create-simple', { title: 'Write a book' }, headers);
    const retry = await carol.post('/api/goals/create-simple', { title: 'Write a book' }, headers);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((await carol.get('/api/goals/list')).json()).toHaveLength(1);
    const usage = await carol.post('/api/usage/increment', { type: 'goals', userId: carol.userId });
    expect(usage.json().newValue).toBe(1);

    const reused = await carol.post('/api/goals/create-simple', { title: 'Another book' }, headers);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().details.field).toBe('idempotency-key');
  });

  it('forgets keys a day old, and a reused expired key is a new command that is counted', async () => {
    const fern = await registeredUser(t, 'fern@example.com');
    await activateSubscription(t, fern.userId, 'starter');
    const headers = { 'idempotency-key': 'create-2' };
    expect((await fern.post('/api/goals/create-simple', { title: 'Learn piano' }, headers)).statusCode).toBe(201);
    expect(await t.services.idempotency.deleteClaimedBefore(new Date(Date.now() - 60_000))).toBe(0);
    expect(await t.services.idempotency.deleteClaimedBefore(new Date(Date.now() + 60_000))).toBeGreaterThan(0);
    // The key is unknown now: the same request is a new command, and its goal must be counted too.
    const again = await fern.post('/api/goals/create-simple', { title: 'Learn piano' }, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect((await fern.get('/api/goals/list')).json()).toHaveLength(2);
    const usage = await fern.post('/api/usage/increment', { type: 'goals', userId: fern.userId });
    expect(usage.json().newValue).toBe(2);
  });

  it('applies concurrent retries with one key once', async () => {
    const dora = await registeredUser(t, 'dora@example.com');
    await activateSubscription(t, dora.userId, 'pro');
    const headers = { 'idempotency-key': 'burst' };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => dora.post('/api/goals/create-simple', { title: 'Same request' }, headers)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(responses.map((r) => r.json().goal.id)).size).toBe(1);
    expect((await dora.get('/api/goals/list')).json()).toHaveLength(1);
  });

  it('lets exactly one of many concurrent creates through at the free limit', async () => {
    const erin = await registeredUser(t, 'erin@example.com');
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => erin.post('/api/goals/create-simple', { title: `Goal ${i}` })),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 403, 403, 403, 403, 403, 403, 403]);
    expect((await erin.get('/api/goals/list')).json()).toHaveLength(1);
  });

  it('lets pro users create without limit', async () => {
    const fay = await registeredUser(t, 'fay@example.com');
    await activateSubscription(t, fay.userId, 'pro');
    let position = '0';
    for (let i = 0; i < 3; i += 1) ({ position } = await createGoal(fay, { title: `Pro goal ${i}` }));
    const record = (await fay.get('/api/user/get-user-data-simple', { 'x-min-position': position })).json();
    expect(record).toMatchObject({
      subscription_tier: 'pro',
      goals_this_month: 3,
      goals_limit: -1,
      ai_generations_limit: 300,
    });
  });

  it('updates fields and status with If-Match; a stale version is a 409', async () => {
    const gus = await registeredUser(t, 'gus@example.com');
    const { goal } = await createGoal(gus, { title: 'Learn Spanish' });
    const updated = await gus.post(
      '/api/goals/update',
      { goalId: goal.id, updates: { title: 'Learn Spanish well', priority: 'high', target_date: '2027-01-31' } },
      { 'if-match': '"1"' },
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().goal).toMatchObject({
      title: 'Learn Spanish well',
      priority: 'high',
      target_date: '2027-01-31',
      version: 2,
    });
    expect(updated.headers.etag).toBe('"2"');

    const stale = await gus.post(
      '/api/goals/update',
      { goalId: goal.id, updates: { title: 'Stale' } },
      { 'if-match': '"1"' },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict', details: { expectedVersion: 1, actualVersion: 2 } });
    const staleBody = await gus.post('/api/goals/update', {
      goalId: goal.id,
      expectedVersion: 1,
      updates: { title: 'Stale' },
    });
    expect(staleBody.statusCode).toBe(409);

    const completed = await gus.post('/api/goals/update', { goalId: goal.id, updates: { status: 'completed' } });
    expect(completed.json().goal).toMatchObject({ status: 'completed', version: 3 });
    expect(completed.json().goal.completed_at).toMatch(/Z$/);
    const abandon = await gus.post('/api/goals/update', { goalId: goal.id, updates: { status: 'abandoned' } });
    expect(abandon.statusCode).toBe(409);
    expect(abandon.json().code).toBe('illegal_state');
    const reactivated = await gus.post('/api/goals/update', { goalId: goal.id, updates: { status: 'active' } });
    expect(reactivated.json().goal).toMatchObject({ status: 'active', completed_at: null });
    const unchanged = await gus.post('/api/goals/update', {
      goalId: goal.id,
      updates: { status: 'active', priority: 'high' },
    });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().goal.version).toBe(4);
  });

  it('serialises concurrent updates of one goal: without If-Match all apply, with the same If-Match one wins', async () => {
    const hal = await registeredUser(t, 'hal@example.com');
    const { goal } = await createGoal(hal, { title: 'Base' });
    const free = await Promise.all(
      ['low', 'high', 'medium', 'low'].map((priority, i) =>
        hal.post('/api/goals/update', { goalId: goal.id, updates: { description: `edit ${i}`, priority } }),
      ),
    );
    expect(free.every((r) => r.statusCode === 200)).toBe(true);
    const after = (await hal.get(`/api/goals/${goal.id}`)).json();
    expect(after.version).toBe(5);

    const guarded = await Promise.all(
      [1, 2, 3].map((i) =>
        hal.post(
          '/api/goals/update',
          { goalId: goal.id, updates: { title: `Guarded ${i}` } },
          { 'if-match': `"${after.version}"` },
        ),
      ),
    );
    expect(guarded.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('filters by status, reads one goal with its ETag, hides deleted goals, 404s the unknown', async () => {
    const ivy = await registeredUser(t, 'ivy@example.com');
    await activateSubscription(t, ivy.userId, 'pro');
    const a = (await createGoal(ivy, { title: 'A' })).goal;
    const b = (await createGoal(ivy, { title: 'B' })).goal;
    await ivy.post('/api/goals/update', { goalId: a.id, updates: { status: 'completed' } });
    const completed = (await ivy.get('/api/goals/list?status=completed')).json();
    expect(completed.map((g: { id: string }) => g.id)).toEqual([a.id]);
    const active = (await ivy.get('/api/goals/list?status=active')).json();
    expect(active.map((g: { id: string }) => g.id)).toEqual([b.id]);
    expect((await ivy.get('/api/goals/list?status=finished')).statusCode).toBe(400);

    const one = await ivy.get(`/api/goals/${b.id}`);
    expect(one.headers.etag).toBe('"1"');
    const deleted = await ivy.post('/api/goals/delete', { goalId: b.id });
    expect(deleted.json()).toMatchObject({ success: true });
    const afterDelete = await ivy.get(`/api/goals/${b.id}`, { 'x-min-position': deleted.json().position });
    expect(afterDelete.statusCode).toBe(404);
    expect((await ivy.post('/api/goals/delete', { goalId: b.id })).statusCode).toBe(404);
    expect((await ivy.post('/api/goals/update', { goalId: 'missing', updates: { title: 'x' } })).statusCode).toBe(404);
    expect((await ivy.get('/api/goals/list?minPosition=abc')).statusCode).toBe(400);
  });

  it('refuses list-simple for another user named in the legacy header', async () => {
    const jon = await registeredUser(t, 'jon@example.com');
    expect((await jon.get('/api/goals/list-simple', { 'x-user-id': jon.userId })).statusCode).toBe(200);
    expect((await jon.get('/api/goals/list-simple', { 'x-user-id': 'usr_someone_else' })).statusCode).toBe(403);
  });

  it('read-your-writes: a read with the command position sees the command', async () => {
    const kim = await registeredUser(t, 'kim@example.com');
    await activateSubscription(t, kim.userId, 'pro');
    for (let i = 0; i < 5; i += 1) {
      const { goal } = await createGoal(kim, { title: `Goal ${i}` });
      const update = await kim.post('/api/goals/update', { goalId: goal.id, updates: { title: `Renamed ${i}` } });
      const list = await kim.get('/api/goals/list', { 'x-min-position': update.json().position });
      expect(list.json().find((g: { id: string }) => g.id === goal.id).title).toBe(`Renamed ${i}`);
    }
  });

  it('lists goals exactly in the contract shape: every field of goalRowSchema and taskRowSchema, nothing else', async () => {
    const lea = await registeredUser(t, 'lea@example.com');
    const { goal } = await createGoal(lea, { title: 'Garden', category: 'home' });
    const added = await lea.post(`/api/goals/${goal.id}/tasks`, { tasks: [{ title: 'Buy seeds' }] });
    expect(added.statusCode).toBe(200);
    const strictList = z.array(goalRowSchema.extend({ generated_tasks: z.array(taskRowSchema.strict()) }).strict());
    for (const path of ['/api/goals/list', '/api/goals/list-simple']) {
      const list = strictList.parse((await lea.get(path, { 'x-min-position': added.json().position })).json());
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ category: 'home', task_count: 1, collection_ids: [] });
      expect(list[0]?.generated_tasks.map((task) => [task.title, task.source, task.status])).toEqual([
        ['Buy seeds', 'manual', 'todo'],
      ]);
      expect(Object.keys(list[0] ?? {}).sort()).toEqual(Object.keys(goalRowSchema.shape).sort());
    }
    expect(listGoalsResponseSchema.parse((await lea.get('/api/goals/list')).json())).toHaveLength(1);
  });
});
