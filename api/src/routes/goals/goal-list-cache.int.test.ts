import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordEvents } from '@stride/application/commands/record-events';
import { composeServices } from '@stride/composition/compose-services';
import { streamIds } from '@stride/domain/stream-ids';
import { createLogger } from '@stride/platform/logger';
import { sharedChdbPath } from '@stride/testing/chdb';
import { activateSubscription, createGoal, registeredUser } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';

const soon = { timeout: 3_000, interval: 10 };

describe('goal list cache (PostgreSQL server)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a read with the command position always sees the command, cached or not', async () => {
    const client = await registeredUser(t, 'cached@example.com');
    await activateSubscription(t, client.userId, 'pro');
    for (let i = 0; i < 10; i += 1) {
      await client.get('/api/goals/list'); // fills the cache
      const { position } = await createGoal(client, { title: `Goal ${i}` });
      const list = await client.get('/api/goals/list', { 'x-min-position': position });
      expect(list.json()).toHaveLength(i + 1);
      const renamed = await client.post('/api/goals/update', {
        goalId: list.json()[0].id,
        updates: { title: `Renamed ${i}` },
      });
      const after = await client.get('/api/goals/list', { 'x-min-position': renamed.json().position });
      expect(after.json()[0].title).toBe(`Renamed ${i}`);
    }
  });

  it("drops a user's lists when their goals or collections change, even without a position", async () => {
    const client = await registeredUser(t, 'notified@example.com');
    const { goal } = await createGoal(client, { title: 'Watched' });
    expect((await client.get('/api/goals/list')).json()[0].collection_ids).toEqual([]);
    const collection = (await client.post('/api/collections', { name: 'Box' })).json().collection;
    await client.post(`/api/collections/${collection.id}/goals`, { goalId: goal.id });
    await vi.waitFor(
      async () => expect((await client.get('/api/goals/list')).json()[0].collection_ids).toHaveLength(1),
      soon,
    );
    await client.post('/api/goals/update', { goalId: goal.id, updates: { title: 'Changed' } });
    await vi.waitFor(async () => expect((await client.get('/api/goals/list')).json()[0].title).toBe('Changed'), soon);
  });

  it("drops a user's cached lists when another API process changes their goals (its NOTIFY)", async () => {
    const client = await registeredUser(t, 'two-processes-list@example.com');
    const { goal } = await createGoal(client, { title: 'Before' });
    const title = async () => (await client.get('/api/goals/list')).json()[0].title as string;
    expect(await title()).toBe('Before'); // cached in this process now
    const other = await composeServices(t.services.config, 'api', {
      logger: createLogger({ level: 'silent' }),
      database: { pool: t.database.pool, close: async () => {} },
      pipeline: { chdbPath: sharedChdbPath() },
    });
    try {
      // Several commands at once there (they queue on the goal's stream).
      await Promise.all(
        ['One', 'Two', 'After'].map((name) =>
          recordEvents(
            other.services.commands,
            streamIds.goal(goal.id),
            [{ type: 'GoalUpdated', data: { changes: { title: name } } }],
            { userId: client.userId },
          ),
        ),
      );
    } finally {
      await other.stop();
    }
    const stored = (await t.database.pool.query('SELECT title FROM goals WHERE id = $1', [goal.id])).rows[0].title;
    expect(stored).not.toBe('Before');
    await vi.waitFor(async () => expect(await title()).toBe(stored), soon);
  });

  it('keeps users apart and caches each status filter separately', async () => {
    const a = await registeredUser(t, 'cache-a@example.com');
    const b = await registeredUser(t, 'cache-b@example.com');
    await createGoal(a, { title: 'A only' });
    expect((await b.get('/api/goals/list')).json()).toEqual([]);
    expect((await a.get('/api/goals/list?status=completed')).json()).toEqual([]);
    expect((await a.get('/api/goals/list?status=active')).json()).toHaveLength(1);
  });

  it('sends a cached list compressed as the client accepts, never an older list than the plain one', async () => {
    const client = await registeredUser(t, 'compressed@example.com');
    await activateSubscription(t, client.userId, 'pro');
    const decoded = { br: brotliDecompressSync, gzip: gunzipSync };
    for (let i = 0; i < 4; i += 1) {
      const { position } = await createGoal(client, {
        title: `A goal with a title long enough to compress well #${i}`,
        description: 'One long run a week, rest days respected. '.repeat(30).trim(),
      });
      const plain = await client.get('/api/goals/list', { 'x-min-position': position });
      expect(plain.json()).toHaveLength(i + 1);
      for (const encoding of ['br', 'gzip'] as const) {
        // Twice: the first fills the entry's compressed form, the second is served from it.
        for (const read of [1, 2]) {
          const list = await client.get('/api/goals/list', { 'accept-encoding': encoding });
          expect(list.headers['content-encoding'], `${encoding} read ${read}`).toBe(encoding);
          expect(decoded[encoding](list.rawPayload).toString('utf8')).toBe(plain.payload);
        }
      }
    }
  });
});
