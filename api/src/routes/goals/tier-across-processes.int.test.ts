import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvents } from '@stride/application/commands/record-events';
import { composeServices } from '@stride/composition/compose-services';
import { streamIds } from '@stride/domain/stream-ids';
import { createLogger } from '@stride/platform/logger';
import { sharedChdbPath } from '@stride/testing/chdb';
import { activateSubscription, registeredUser } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';

/**
 * create-goal reads the billing stream's version with the usage counters and decides on the billing state
 * of that version, which this process usually holds already: a change another process committed (here a
 * cancellation) must still be the tier of the next create.
 */
describe('the tier a create is limited by, across API processes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a subscription canceled by another process limits the next create to the free plan', async () => {
    const client = await registeredUser(t, 'two-processes@example.com');
    await activateSubscription(t, client.userId, 'pro'); // this process now holds that billing state
    for (const title of ['First', 'Second']) {
      expect((await client.post('/api/goals/create-simple', { title })).statusCode).toBe(201);
    }
    const other = await composeServices(t.services.config, 'api', {
      logger: createLogger({ level: 'silent' }),
      database: { pool: t.database.pool, close: async () => {} },
      pipeline: { chdbPath: sharedChdbPath() },
    });
    try {
      await recordEvents(
        other.services.commands,
        streamIds.billing(client.userId),
        [
          {
            type: 'SubscriptionCanceled',
            data: { subscriptionId: `sub_${client.userId}`, occurredAt: new Date().toISOString() },
          },
        ],
        { userId: 'system:billing' },
      );
    } finally {
      await other.stop();
    }
    const refused = await client.post('/api/goals/create-simple', { title: 'Third, on the free plan' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'limit_reached' });
  });
});
