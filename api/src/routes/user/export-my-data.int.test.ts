import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateSubscription, createGoal, registeredUser } from '../../../test/fixtures';
import { startTestApp, type TestApp, type TestClient } from '../../../test/test-app';

interface ExportedEvent {
  streamId: string;
  type: string;
  globalPosition: number;
  data: unknown;
}

/** Gives a user a bit of everything: a goal with tasks, a collection, preferences, a paid plan. */
async function busyUser(t: TestApp, email: string, name: string, word: string): Promise<TestClient> {
  const client = await registeredUser(t, email, name);
  const { goal } = await createGoal(client, { title: `${word} goal`, description: `${word} description` });
  await client.post(`/api/goals/${goal.id}/tasks`, { tasks: [{ title: `${word} task` }] });
  const collection = await client.post('/api/collections', { name: `${word} collection` });
  expect(collection.statusCode).toBeLessThan(300);
  await client.post('/api/user/update-preferences-simple', { preferences: { motto: `${word} motto` } });
  await activateSubscription(t, client.userId);
  return client;
}

describe('GET /api/user/export-my-data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("downloads the caller's events and read-model rows, and nothing of anyone else", async () => {
    const me = await busyUser(t, 'exporter@example.com', 'Ada Exporter', 'Mine');
    const other = await busyUser(t, 'bystander@example.com', 'Bob Bystander', 'Theirs');

    const response = await me.get('/api/user/export-my-data');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="stride-my-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({ format: 'stride.user-data-export/1', userId: me.userId });

    const events = body.events as ExportedEvent[];
    const streams = new Set(events.map((e) => e.streamId.slice(0, e.streamId.indexOf('-'))));
    expect([...streams].sort()).toEqual(['billing', 'collection', 'goal', 'usage', 'user']);
    const types = events.map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'UserRegistered',
        'GoalCreated',
        'TasksBatchGenerated',
        'CollectionCreated',
        'UserPreferencesUpdated',
        'SubscriptionActivated',
      ]),
    );
    const positions = events.map((e) => e.globalPosition);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(positions).size).toBe(positions.length);

    const tables = body.readModels as Record<string, Record<string, unknown>[]>;
    expect(tables.users).toEqual([expect.objectContaining({ id: me.userId, email: 'exporter@example.com' })]);
    expect(tables.goals).toEqual([expect.objectContaining({ title: 'Mine goal', user_id: me.userId })]);
    expect(tables.tasks).toEqual([expect.objectContaining({ title: 'Mine task' })]);
    expect(tables.collections).toEqual([expect.objectContaining({ name: 'Mine collection' })]);
    expect(tables.usage_counters).toHaveLength(1);
    expect(tables.user_billing).toEqual([expect.objectContaining({ tier: 'pro' })]);
    for (const [table, rows] of Object.entries(tables)) {
      for (const row of rows) expect(row.user_id ?? row.id, table).toBe(me.userId);
    }

    const text = response.body;
    for (const mine of ['Mine goal', 'Mine description', 'Mine task', 'Mine collection', 'Mine motto', 'Ada Exporter'])
      expect(text).toContain(mine);
    for (const theirs of [
      other.userId,
      'bystander@example.com',
      'Bob Bystander',
      'Theirs goal',
      'Theirs description',
      'Theirs task',
      'Theirs collection',
      'Theirs motto',
    ])
      expect(text).not.toContain(theirs);

    const theirs = (await other.get('/api/user/export-my-data')).json();
    expect(theirs.userId).toBe(other.userId);
    expect(JSON.stringify(theirs)).not.toContain(me.userId);
  });

  it('covers every table that holds rows of a user (a new read model cannot be left out unnoticed)', async () => {
    const me = await busyUser(t, 'coverage@example.com', 'Cy Coverage', 'Covered');
    const exported = Object.keys((await me.get('/api/user/export-my-data')).json().readModels);
    const { rows } = await t.services.pool.query<{ table_name: string }>(
      `SELECT DISTINCT table_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name IN ('user_id', 'owner_id')
          AND table_name IN (SELECT table_name FROM information_schema.tables
                              WHERE table_schema = current_schema() AND table_type = 'BASE TABLE')`,
    );
    // The events come as events (streams by owner); a user's data key is never handed out, wrapped or not.
    const notRows = new Set(['events', 'streams', 'user_keys']);
    const holding = rows.map((row) => row.table_name).filter((table) => !notRows.has(table));
    expect(holding.filter((table) => !exported.includes(table)).sort()).toEqual([]);
  });

  it('needs a signed-in caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/export-my-data' });
    expect(response.statusCode).toBe(401);
  });
});
