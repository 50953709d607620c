import { describe, expect, it } from 'vitest';
import { createLogger } from '@stride/platform/logger';
import { storedEvent } from '@stride/testing/stored-events';
import { erasedCustomersConsumer } from './erased-customers-consumer';
import type { PaymentGateway } from './payment-gateway';

const logger = createLogger({ level: 'silent' });
const erased = (stripeCustomerIds?: string[]) =>
  storedEvent('UserErased', {
    userId: 'u1',
    by: 'user',
    erasedAt: '2026-11-27T10:00:00.000Z',
    goals: [],
    collectionIds: [],
    ...(stripeCustomerIds && { stripeCustomerIds }),
  });

/** A gateway that records deletions; `failFirst` deletions throw, as a provider that is away. */
function recordingGateway(failFirst = 0) {
  const deleted: string[] = [];
  let failures = failFirst;
  const gateway = {
    deleteCustomer: async (customerId: string) => {
      if (failures-- > 0) throw new Error('provider unreachable');
      deleted.push(customerId);
    },
  } as unknown as PaymentGateway;
  return { gateway, deleted };
}

describe('erasedCustomersConsumer', () => {
  it('given a UserErased naming customers, when handled, then each is deleted at the provider', async () => {
    const { gateway, deleted } = recordingGateway();
    await erasedCustomersConsumer(gateway, logger).handle(
      [storedEvent('GoalCreated', {}), erased(['cus_1', 'cus_2'])],
      {
        caughtUp: true,
      },
    );
    expect(deleted).toEqual(['cus_1', 'cus_2']);
  });

  it('given an erasure recorded before events named customers, when handled, then nothing is asked', async () => {
    const { gateway, deleted } = recordingGateway();
    await erasedCustomersConsumer(gateway, logger).handle([erased()], { caughtUp: true });
    expect(deleted).toEqual([]);
  });

  it('given the provider fails, when handled, then the batch fails (redelivered later) and the retry deletes', async () => {
    const { gateway, deleted } = recordingGateway(1);
    const consumer = erasedCustomersConsumer(gateway, logger);
    await expect(consumer.handle([erased(['cus_1'])], { caughtUp: true })).rejects.toThrow('provider unreachable');
    await consumer.handle([erased(['cus_1'])], { caughtUp: true });
    expect(deleted).toEqual(['cus_1']);
  });
});
