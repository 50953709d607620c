import type { AuthUser } from './auth-user';

/** A verified bearer token: its caller and when it stops being valid (ms since the epoch). */
export interface VerifiedToken {
  readonly user: AuthUser;
  readonly expiresAt: number;
}

/** Turns a bearer token into the caller, or throws InvalidTokenError. */
export interface TokenVerifier {
  verify(token: string): Promise<VerifiedToken>;
}

export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
}
