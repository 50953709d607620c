import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamIds } from '@stride/domain/stream-ids';
import { activateSubscription, registeredUser } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';

/**
 * Many concurrent commands of one user share that user's usage stream: they queue for it (in arrival
 * order) rather than fail on its version and retry from the top, and the monthly limit stays exact.
 */
describe('32 concurrent creates of one user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const countedGoals = async (userId: string) =>
    (await t.services.eventStore.readStream(streamIds.usage(userId))).events.filter((e) => e.type === 'GoalCounted')
      .length;

  it('all succeed for a pro user, each counted once, with no version conflict', async () => {
    const pat = await registeredUser(t, 'pat@example.com');
    await activateSubscription(t, pat.userId, 'pro');
    const conflictsBefore = t.services.commands.stats.conflicts;
    const responses = await Promise.all(
      Array.from({ length: 32 }, (_, i) => pat.post('/api/goals/create-simple', { title: `Goal ${i}` })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: 32 }, () => 201));
    expect(new Set(responses.map((r) => r.json().goal.id)).size).toBe(32);
    expect(t.services.commands.stats.conflicts - conflictsBefore).toBe(0);
    expect(await countedGoals(pat.userId)).toBe(32);
    expect((await pat.get('/api/goals/list')).json()).toHaveLength(32);
  });

  it('exactly the limit succeed for a starter user (10 a month); the rest are 403 limit_reached', async () => {
    const sam = await registeredUser(t, 'sam@example.com');
    await activateSubscription(t, sam.userId, 'starter');
    const conflictsBefore = t.services.commands.stats.conflicts;
    const responses = await Promise.all(
      Array.from({ length: 32 }, (_, i) => sam.post('/api/goals/create-simple', { title: `Goal ${i}` })),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 403)).toHaveLength(22);
    for (const refused of responses.filter((r) => r.statusCode === 403)) {
      expect(refused.json()).toMatchObject({ code: 'limit_reached', details: { limit: 10, used: 10 } });
    }
    expect(t.services.commands.stats.conflicts - conflictsBefore).toBe(0);
    expect(await countedGoals(sam.userId)).toBe(10);
    expect((await sam.get('/api/goals/list')).json()).toHaveLength(10);
  });
});
