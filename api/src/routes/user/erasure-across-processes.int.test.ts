import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { composeServices, type Stride } from '@stride/composition/compose-services';
import { streamIds } from '@stride/domain/stream-ids';
import { createLogger } from '@stride/platform/logger';
import { sharedChdbPath } from '@stride/testing/chdb';
import { buildApp } from '../../app';
import { createGoal, registeredUser } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';

/**
 * Scale-out: every API process caches users' data keys, and that they are not erased, for 10 s. An erasure
 * through one process must count in the others as soon as they hear of it (the erasure's NOTIFY, delivered
 * on its commit), not when their caches expire: their decrypted reads and their acceptance of the
 * user's sign-in stop with it. While a process cannot hear (its listener reconnecting), it keeps nothing that
 * says a user is not erased: every use asks the database.
 */
describe('an erasure through one API process, in another (PostgreSQL server)', () => {
  let t: TestApp;
  let other: Stride;
  let otherApp: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp({ role: 'api' });
    other = await composeServices(t.services.config, 'api', {
      logger: createLogger({ level: 'silent' }),
      database: { pool: t.database.pool, close: async () => {} },
      pipeline: { chdbPath: sharedChdbPath() },
    });
    otherApp = await buildApp(other.services);
    await otherApp.ready();
  });
  afterAll(async () => {
    await otherApp.close();
    await other.stop();
    await t.close();
  });

  /** The user's requests to the other process, and their goal's title as the other process reads it. */
  const inTheOtherProcess = (token: string, goalId: string) => ({
    get: (url: string) => otherApp.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }),
    title: async () => {
      const { events } = await other.services.eventStore.readStream(streamIds.goal(goalId));
      return (events[0]!.data as { title: string }).title;
    },
  });

  it('is heard at once: the other process reads "[erased]" and refuses the sign-in, well within its 10 s caches', async () => {
    const erin = await registeredUser(t, 'erin.elsewhere@example.com', 'Erin Elsewhere');
    const { goal } = await createGoal(erin, { title: 'A goal only Erin may read' });
    const { get: inOther, title: titleInOther } = inTheOtherProcess(erin.token, goal.id);

    // The other process has her key and her sign-in cached.
    expect((await inOther('/api/goals/list')).statusCode).toBe(200);
    expect(await titleInOther()).toBe('A goal only Erin may read');
    expect(other.services.notifications?.listening).toBe(true);

    const startedAt = Date.now();
    expect((await erin.post('/api/user/delete-my-account')).statusCode).toBe(200);

    const heard = { timeout: 2_000, interval: 10 };
    await vi.waitFor(async () => expect(await titleInOther()).toBe('[erased]'), heard);
    await vi.waitFor(async () => expect((await inOther('/api/goals/list')).statusCode).toBe(401), heard);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect((await inOther('/api/goals/list')).json()).toMatchObject({ code: 'account_deleted' });
  });

  it('while the other process is not listening, it keeps no key: the erasure counts at its next use', async () => {
    const frank = await registeredUser(t, 'frank.unheard@example.com', 'Frank Unheard');
    const { goal } = await createGoal(frank, { title: 'A goal only Frank may read' });
    const { get: inOther, title: titleInOther } = inTheOtherProcess(frank.token, goal.id);
    const listener = other.services.notifications!;
    await listener.stop();
    try {
      expect(listener.listening).toBe(false);
      // Read while not listening: what the other process reads now, it must not keep.
      expect((await inOther('/api/goals/list')).statusCode).toBe(200);
      expect(await titleInOther()).toBe('A goal only Frank may read');

      expect((await frank.post('/api/user/delete-my-account')).statusCode).toBe(200);

      // Not heard, and no waiting: the next use asks.
      expect(await titleInOther()).toBe('[erased]');
      const refused = await inOther('/api/goals/list');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'account_deleted' });
    } finally {
      await listener.start();
    }
  });
});
