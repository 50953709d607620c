import { DomainError } from '@stride/domain/shared/domain-error';

/**
 * What the caller of an erased account ("Delete my account", an admin's erasure) is told: their key is gone,
 * so nothing they wrote could be stored readably again, and the account must not look alive. The web app
 * shows its own words for the code.
 */
export const accountDeletedError = (): DomainError =>
  new DomainError('account_deleted', 'This account was deleted; its sign-in is not accepted again', {
    header: 'authorization',
  });
