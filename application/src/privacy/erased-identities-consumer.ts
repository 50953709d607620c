import { userErased } from '@stride/domain/users/user-events';
import type { DomainEventConsumer } from '@stride/platform/bus/event-bus';
import type { UserDirectory } from '@stride/platform/identity/clerk-user-directory';
import type { Logger } from '@stride/platform/logger';

/**
 * Deletes an erased user's sign-in identity (their Clerk user) from the UserErased event in the log, as
 * erased payment customers are deleted: the erasure commits first, a crash before the directory answered is
 * redone by the next delivery, and an identity already gone counts as deleted. Until it is gone the API
 * refuses the identity's tokens (account_deleted); once gone, the person can sign up again with the same
 * email as a new user.
 */
export function erasedIdentitiesConsumer(directory: UserDirectory, logger: Logger): DomainEventConsumer {
  return {
    id: 'erased-sign-in-identities',
    async handle(events) {
      for (const event of events) {
        if (event.type !== userErased.type) continue;
        const { userId } = userErased.schema.parse(event.data);
        await directory.deleteUser(userId);
        logger.info({ userId }, "an erased user's sign-in identity deleted");
      }
    },
  };
}
