import { createRemoteJWKSet, importSPKI, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import type { Config } from '@stride/platform/config';
import { hasAdminRoleClaim, isAdminEmail } from './admin';
import { InvalidTokenError, type TokenVerifier, type VerifiedToken } from './token-verifier';

type KeySource = Parameters<typeof jwtVerify>[1];

/**
 * AUTH_MODE=clerk: Clerk session JWTs (RS256), verified without a network call from the PEM public key in
 * CLERK_JWT_KEY (Clerk dashboard, "JWT public key"); or, when only CLERK_JWKS_URL is set, from that JWKS
 * (fetched once and cached by jose). exp and nbf are checked with 5 s of leeway; when
 * CLERK_AUTHORIZED_PARTIES is set, a token whose `azp` is not listed is refused (Clerk's own rule).
 *
 * Claims read: `sub` (the user id); `email` and `name` (add them to the session token in Clerk's
 * "Customize session token": `{"email": "{{user.primary_email_address}}", "name": "{{user.full_name}}",
 * "public_metadata": "{{user.public_metadata}}"}`; `first_name`/`last_name` are also understood); the
 * admin role from `public_metadata.role` (or `metadata.role`).
 */
export class ClerkTokens implements TokenVerifier {
  private constructor(
    private readonly key: KeySource,
    private readonly authorizedParties: readonly string[],
    private readonly adminEmails: readonly string[],
  ) {}

  static async create(
    config: Pick<Config, 'CLERK_JWT_KEY' | 'CLERK_JWKS_URL' | 'CLERK_AUTHORIZED_PARTIES' | 'ADMIN_EMAILS'>,
  ): Promise<ClerkTokens> {
    let key: KeySource;
    if (config.CLERK_JWT_KEY) key = await importSPKI(config.CLERK_JWT_KEY.replace(/\\n/g, '\n'), 'RS256');
    else if (config.CLERK_JWKS_URL) key = createRemoteJWKSet(new URL(config.CLERK_JWKS_URL));
    else throw new Error('AUTH_MODE=clerk needs CLERK_JWT_KEY or CLERK_JWKS_URL');
    return new ClerkTokens(key, config.CLERK_AUTHORIZED_PARTIES, config.ADMIN_EMAILS);
  }

  async verify(token: string): Promise<VerifiedToken> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.key, { algorithms: ['RS256'], clockTolerance: 5 }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError(error.message);
      throw error;
    }
    if (!payload.sub) throw new InvalidTokenError('Token has no subject');
    const azp = typeof payload.azp === 'string' ? payload.azp : null;
    if (azp !== null && this.authorizedParties.length > 0 && !this.authorizedParties.includes(azp)) {
      throw new InvalidTokenError(`Token issued for an unauthorized party '${azp}'`);
    }
    const email = firstString(payload.email, payload.primary_email_address, payload.email_address) ?? '';
    const name =
      firstString(payload.name, payload.full_name) ??
      [payload.first_name, payload.last_name].filter((part) => typeof part === 'string' && part !== '').join(' ');
    return {
      user: {
        id: payload.sub,
        email,
        name,
        isAdmin: hasAdminRoleClaim(payload) || isAdminEmail(email, this.adminEmails),
      },
      expiresAt: (payload.exp ?? 0) * 1000,
    };
  }
}

const firstString = (...values: unknown[]): string | undefined =>
  values.find((value): value is string => typeof value === 'string' && value !== '');
