import { createPublicKey } from 'node:crypto';
import { verifyToken } from '@clerk/backend';
import type { Config } from '@stride/platform/config';
import { hasAdminRoleClaim, isAdminEmail } from './admin';
import { ClerkUsers } from './clerk-users';
import { InvalidTokenError, type TokenVerifier, type VerifiedToken } from './token-verifier';

/** How long a fetched JWKS is trusted before it is fetched again (a key Clerk rotated in is fetched at once). */
const JWKS_TTL_MS = 60 * 60_000;
/** Leeway for exp, nbf and iat, as Clerk's own default. */
const CLOCK_SKEW_MS = 5_000;

interface Jwk {
  readonly kid?: string;
  readonly kty: string;
  readonly [key: string]: unknown;
}

/**
 * The PEM public key a session token names (its `kid`) from a JWKS URL, fetched once an hour and again
 * when a token names a key the cached set lacks.
 */
class JwksKeys {
  private cached: { keys: readonly Jwk[]; fetchedAt: number } | null = null;

  constructor(private readonly url: string) {}

  async pemFor(token: string): Promise<string> {
    const kid = kidOf(token);
    let key = this.find(kid);
    if (!key) {
      await this.refresh();
      key = this.find(kid);
    }
    if (!key) throw new InvalidTokenError(`No signing key '${kid ?? '(none)'}' in the JWKS`);
    return createPublicKey({ key: key as never, format: 'jwk' })
      .export({ type: 'spki', format: 'pem' })
      .toString();
  }

  private find(kid: string | null): Jwk | undefined {
    if (!this.cached || Date.now() - this.cached.fetchedAt > JWKS_TTL_MS) return undefined;
    const rsa = this.cached.keys.filter((key) => key.kty === 'RSA');
    return kid === null ? (rsa.length === 1 ? rsa[0] : undefined) : rsa.find((key) => key.kid === kid);
  }

  private async refresh(): Promise<void> {
    const response = await fetch(this.url, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw new Error(`JWKS ${this.url} answered ${response.status}`);
    const body = (await response.json()) as { keys?: Jwk[] };
    this.cached = { keys: Array.isArray(body.keys) ? body.keys : [], fetchedAt: Date.now() };
  }
}

const kidOf = (token: string): string | null => {
  try {
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as {
      kid?: unknown;
    };
    return typeof header.kid === 'string' ? header.kid : null;
  } catch {
    throw new InvalidTokenError('Malformed token');
  }
};

/**
 * AUTH_MODE=clerk: Clerk session tokens, verified by Clerk's own `verifyToken` (@clerk/backend), so Stride
 * refuses exactly what Clerk refuses: a bad signature, expiry, nbf or an iat in the future (5 s of leeway),
 * an `azp` missing or not listed when CLERK_AUTHORIZED_PARTIES is set, OAuth access tokens (`typ: at+jwt`)
 * and machine tokens. Networkless with the PEM public key in CLERK_JWT_KEY (Clerk dashboard, "JWT public
 * key"); or, with only CLERK_JWKS_URL, from that JWKS (cached for an hour).
 *
 * Claims read: `sub` (the user id); `email` and `name` (add them in Clerk's "Customize session token", see
 * the README; `first_name`/`last_name` are also understood); the admin role from `public_metadata.role`.
 * A token without an email claim gets the user's verified primary email (and name, if it has none) from
 * Clerk's Backend API when CLERK_SECRET_KEY is set (`ClerkUsers`, cached per user).
 */
export class ClerkTokens implements TokenVerifier {
  private constructor(
    private readonly pemFor: (token: string) => Promise<string>,
    private readonly authorizedParties: readonly string[],
    private readonly adminEmails: readonly string[],
    private readonly users: ClerkUsers | null,
  ) {}

  static async create(
    config: Pick<Config, 'CLERK_JWT_KEY' | 'CLERK_JWKS_URL' | 'CLERK_AUTHORIZED_PARTIES' | 'ADMIN_EMAILS'> &
      Partial<Pick<Config, 'CLERK_SECRET_KEY' | 'CLERK_API_URL' | 'CLERK_USER_CACHE_TTL_SECONDS'>>,
  ): Promise<ClerkTokens> {
    let pemFor: (token: string) => Promise<string>;
    if (config.CLERK_JWT_KEY) {
      const pem = config.CLERK_JWT_KEY.replace(/\\n/g, '\n');
      createPublicKey(pem); // a malformed key stops start-up, not the first request
      pemFor = async () => pem;
    } else if (config.CLERK_JWKS_URL) {
      const jwks = new JwksKeys(config.CLERK_JWKS_URL);
      pemFor = (token) => jwks.pemFor(token);
    } else throw new Error('AUTH_MODE=clerk needs CLERK_JWT_KEY or CLERK_JWKS_URL');
    const users = ClerkUsers.fromConfig({
      CLERK_SECRET_KEY: config.CLERK_SECRET_KEY,
      CLERK_API_URL: config.CLERK_API_URL,
      CLERK_USER_CACHE_TTL_SECONDS: config.CLERK_USER_CACHE_TTL_SECONDS ?? 300,
    });
    return new ClerkTokens(pemFor, config.CLERK_AUTHORIZED_PARTIES, config.ADMIN_EMAILS, users);
  }

  async verify(token: string): Promise<VerifiedToken> {
    const claims = claimsOf(
      await verifyToken(token, {
        jwtKey: await this.pemFor(token),
        authorizedParties: this.authorizedParties.length > 0 ? [...this.authorizedParties] : undefined,
        clockSkewInMs: CLOCK_SKEW_MS,
      }).catch((error: unknown) => {
        // verifyToken throws its TokenVerificationError (its types say it may also answer `{ errors }`).
        throw new InvalidTokenError(error instanceof Error ? error.message : 'Token not verified');
      }),
    );
    const sub = typeof claims.sub === 'string' ? claims.sub : '';
    if (!sub) throw new InvalidTokenError('Token has no subject');
    // Clerk's machine tokens (M2M, API keys) are not users, whatever verifies them.
    if (typeof claims.cat === 'string' || /^(mch|m2m|ak|oat)_/.test(sub)) {
      throw new InvalidTokenError('A machine token is not a user session');
    }
    const claimedEmail = firstString(claims.email, claims.primary_email_address, claims.email_address);
    const claimedName =
      firstString(claims.name, claims.full_name) ??
      [claims.first_name, claims.last_name].filter((part) => typeof part === 'string' && part !== '').join(' ');
    // Clerk's default session token has no email: then the Backend API's (cached), never the request's.
    const fetched = claimedEmail === undefined && this.users ? await this.users.identityOf(sub) : null;
    const email = claimedEmail ?? fetched?.email ?? '';
    const name = claimedName || fetched?.name || '';
    return {
      user: {
        id: sub,
        email,
        name,
        isAdmin: hasAdminRoleClaim(claims) || isAdminEmail(email, this.adminEmails),
      },
      expiresAt: Number(claims.exp) * 1000,
    };
  }
}

/** The verified claims from what `verifyToken` answered: the payload itself, or `{ data }` / `{ errors }`. */
function claimsOf(result: unknown): Record<string, unknown> {
  const answer = (result ?? {}) as { data?: unknown; errors?: readonly Error[]; sub?: unknown };
  if (answer.errors?.length) throw new InvalidTokenError(answer.errors[0]?.message ?? 'Token not verified');
  const claims = typeof answer.sub === 'string' ? answer : answer.data;
  if (typeof claims !== 'object' || claims === null) throw new InvalidTokenError('Token not verified');
  return claims as Record<string, unknown>;
}

const firstString = (...values: unknown[]): string | undefined =>
  values.find((value): value is string => typeof value === 'string' && value !== '');
