import type { DomainEventConsumer } from '@stride/platform/bus/event-bus';
import type { UserDirectory } from '@stride/platform/identity/clerk-user-directory';
import type { Logger } from '@stride/platform/logger';
import { userErasedConsumer } from './user-erased-consumer';

/**
 * Deletes an erased user's sign-in identity (their Clerk user) from the UserErased event in the log, as
 * erased payment customers are deleted: an identity already gone counts as deleted. Until it is gone the API
 * refuses the identity's tokens (account_deleted); once gone, the person can sign up again with the same
 * email as a new user.
 */
export const erasedIdentitiesConsumer = (directory: UserDirectory, logger: Logger): DomainEventConsumer =>
  userErasedConsumer('erased-sign-in-identities', async ({ userId }) => {
    await directory.deleteUser(userId);
    logger.info({ userId }, "an erased user's sign-in identity deleted");
  });
