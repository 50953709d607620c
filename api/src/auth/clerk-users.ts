import { createClerkClient } from '@clerk/backend';
import type { Config } from '@stride/platform/config';
import { clerkStatusOf } from '@stride/platform/identity/clerk-user-directory';
import { InvalidTokenError } from './token-verifier';

/** The identity Clerk's Backend API holds for a user: the verified primary email ('' if none) and the name. */
export interface ClerkIdentity {
  readonly email: string;
  readonly name: string;
}

/** Clerk's Backend API could not be asked (an outage, a bad secret key) and nothing was cached for the user. */
export class IdentityUnavailableError extends Error {
  override readonly name = 'IdentityUnavailableError';
}

/** The part of @clerk/backend's User read here. */
interface ClerkUser {
  readonly primaryEmailAddress: { emailAddress: string; verification: { status: string } | null } | null;
  readonly fullName: string | null;
}

export interface ClerkUsersOptions {
  readonly getUser: (userId: string) => Promise<ClerkUser>;
  readonly ttlMs: number;
  readonly maxEntries?: number;
  readonly now?: () => number;
}

/** A lookup that takes longer fails (and a request is not held to its own timeout by Clerk). */
const LOOKUP_TIMEOUT_MS = 5_000;

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Clerk's Backend API did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
};

/**
 * Users from Clerk's Backend API (`users.getUser`), for session tokens without an `email` claim (Clerk's
 * default token has none). Cached per user id for `ttlMs`; concurrent lookups of one user share one call;
 * a failed call is not cached, and while the API fails an expired entry is still used (so an outage does
 * not sign anyone out who was seen within the TTL). A user Clerk does not know (404) is an invalid token.
 * Only an email address Clerk has verified is taken; the request body is never a source.
 */
export class ClerkUsers {
  private readonly cache = new Map<string, { identity: ClerkIdentity; fetchedAt: number }>();
  private readonly inFlight = new Map<string, Promise<ClerkIdentity>>();

  constructor(private readonly options: ClerkUsersOptions) {}

  static fromConfig(
    config: Pick<Config, 'CLERK_SECRET_KEY' | 'CLERK_API_URL' | 'CLERK_USER_CACHE_TTL_SECONDS'>,
  ): ClerkUsers | null {
    if (!config.CLERK_SECRET_KEY) return null;
    const client = createClerkClient({
      secretKey: config.CLERK_SECRET_KEY,
      ...(config.CLERK_API_URL && { apiUrl: config.CLERK_API_URL }),
    });
    return new ClerkUsers({
      getUser: (userId) => withTimeout(client.users.getUser(userId), LOOKUP_TIMEOUT_MS),
      ttlMs: config.CLERK_USER_CACHE_TTL_SECONDS * 1000,
    });
  }

  async identityOf(userId: string): Promise<ClerkIdentity> {
    const now = this.options.now?.() ?? Date.now();
    const cached = this.cache.get(userId);
    if (cached && now - cached.fetchedAt < this.options.ttlMs) return cached.identity;
    let pending = this.inFlight.get(userId);
    if (!pending) {
      pending = this.fetch(userId, cached?.identity).finally(() => this.inFlight.delete(userId));
      this.inFlight.set(userId, pending);
    }
    return pending;
  }

  private async fetch(userId: string, stale: ClerkIdentity | undefined): Promise<ClerkIdentity> {
    let user: ClerkUser;
    try {
      user = await this.options.getUser(userId);
    } catch (error) {
      if (clerkStatusOf(error) === 404) {
        this.cache.delete(userId);
        throw new InvalidTokenError('Clerk has no such user');
      }
      if (stale) return stale;
      throw new IdentityUnavailableError("Clerk's Backend API could not be reached for the user's email", {
        cause: error,
      });
    }
    const primary = user.primaryEmailAddress;
    const identity: ClerkIdentity = {
      email: primary && primary.verification?.status === 'verified' ? primary.emailAddress : '',
      name: user.fullName ?? '',
    };
    this.cache.delete(userId);
    this.cache.set(userId, { identity, fetchedAt: this.options.now?.() ?? Date.now() });
    if (this.cache.size > (this.options.maxEntries ?? 10_000)) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    return identity;
  }
}
