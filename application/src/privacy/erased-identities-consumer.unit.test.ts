import { describe, expect, it } from 'vitest';
import { createLogger } from '@stride/platform/logger';
import { storedEvent } from '@stride/testing/stored-events';
import type { UserDirectory } from '@stride/platform/identity/clerk-user-directory';
import { erasedIdentitiesConsumer } from './erased-identities-consumer';

const logger = createLogger({ level: 'silent' });
const erased = (userId: string) =>
  storedEvent('UserErased', { userId, by: 'user', erasedAt: '2026-11-27T10:00:00.000Z', goals: [], collectionIds: [] });

/** A directory that records deletions; the first `failFirst` deletions throw, as a directory that is away. */
function recordingDirectory(failFirst = 0) {
  const deleted: string[] = [];
  let failures = failFirst;
  const directory: UserDirectory = {
    deleteUser: async (userId) => {
      if (failures-- > 0) throw new Error('directory unreachable');
      deleted.push(userId);
    },
  };
  return { directory, deleted };
}

describe('erasedIdentitiesConsumer', () => {
  it('given UserErased events among others, when handled, then each erased user is deleted from the directory', async () => {
    const { directory, deleted } = recordingDirectory();
    await erasedIdentitiesConsumer(directory, logger).handle(
      [storedEvent('GoalCreated', {}), erased('user_a'), storedEvent('UserRegistered', {}), erased('user_b')],
      { caughtUp: true },
    );
    expect(deleted).toEqual(['user_a', 'user_b']);
  });

  it('given the directory fails, when handled, then the batch fails (redelivered later) and the retry deletes', async () => {
    const { directory, deleted } = recordingDirectory(1);
    const consumer = erasedIdentitiesConsumer(directory, logger);
    await expect(consumer.handle([erased('user_a')], { caughtUp: true })).rejects.toThrow('directory unreachable');
    await consumer.handle([erased('user_a')], { caughtUp: true });
    expect(deleted).toEqual(['user_a']);
  });
});
