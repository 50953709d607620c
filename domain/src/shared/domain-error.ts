/**
 * Every rule violation raised by a decider is a DomainError. The code maps to an HTTP status in exactly
 * one place (api/src/http/error-handler.ts); `field` names the failing input when there is one.
 */
export type DomainErrorCode =
  | 'validation' // 400: the command's input is malformed or missing
  | 'unauthorized' // 401: no or bad credentials
  | 'account_deleted' // 401: the caller's account was deleted (erased); its identity is not accepted again
  | 'forbidden' // 403: the caller may not do this (another user's data, not an admin)
  | 'plan_required' // 403: the caller's plan does not include this feature
  | 'not_found' // 404: the stream or row does not exist (or is not the caller's)
  | 'illegal_state' // 409: the aggregate's state forbids the command (e.g. completing a deleted goal)
  | 'version_conflict' // 409: optimistic concurrency failed (If-Match / expected version)
  | 'limit_reached' // 403: a monthly usage limit of the caller's tier is reached
  | 'quota_reached'; // 409: the caller keeps as many of these as anyone may (own templates); deleting one frees a place

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: { field?: string; [key: string]: unknown } = {},
  ) {
    super(message);
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
