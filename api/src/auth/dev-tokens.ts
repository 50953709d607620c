import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import type { Config } from '@stride/platform/config';
import { isAdminEmail } from './admin';
import type { AuthUser } from './auth-user';
import { InvalidTokenError, type TokenVerifier, type VerifiedToken } from './token-verifier';

/**
 * AUTH_MODE=dev: the embedded default. `POST /api/dev/sign-in` issues an HS256 JWT for any email; the same
 * email always maps to the same user id, so signing in again reaches the same account, until that account is
 * deleted: the email's next account has the next generation's id (the token names its generation).
 */
const ISSUER = 'stride-dev';
const AUDIENCE = 'stride-api';
/** Every dev token expires; a token without `exp` (or `iat`) is refused. */
export const DEV_TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600;
const CLOCK_TOLERANCE_SECONDS = 30;
const SECRET_FILE = 'dev-auth-secret';

/**
 * `usr_` + the first 24 hex digits of SHA-256 over the trimmed, lower-cased email: the email's first account.
 * A later one (`generation` n > 0, made once the ones before were deleted) hashes the email, a line break
 * (never part of an email) and n.
 */
export const devUserIdForEmail = (email: string, generation = 0): string => {
  const normalised = email.trim().toLowerCase();
  const hashed = generation === 0 ? normalised : `${normalised}\n${generation}`;
  return `usr_${createHash('sha256').update(hashed).digest('hex').slice(0, 24)}`;
};

/** A token's account generation: its `gen` claim, 0 when it has none (tokens issued before generations). */
const generationOf = (claim: unknown): number | null =>
  claim === undefined ? 0 : Number.isSafeInteger(claim) && (claim as number) >= 0 ? (claim as number) : null;

/**
 * DEV_AUTH_SECRET, or a secret generated once and kept in DATA_DIR/dev-auth-secret (mode 0600), so that
 * sessions survive restarts. Two processes starting at once agree: the file is created exclusively.
 */
export async function loadDevAuthSecret(config: Pick<Config, 'DEV_AUTH_SECRET' | 'dataDir'>): Promise<string> {
  if (config.DEV_AUTH_SECRET) return config.DEV_AUTH_SECRET;
  const file = path.join(config.dataDir, SECRET_FILE);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  try {
    await writeFile(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return (await readFile(file, 'utf8')).trim();
}

export class DevTokens implements TokenVerifier {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly adminEmails: readonly string[],
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** The user of an email's account of that generation (0: its first). */
  userFor(email: string, name: string, generation = 0): AuthUser {
    const normalised = email.trim().toLowerCase();
    return {
      id: devUserIdForEmail(normalised, generation),
      email: normalised,
      name,
      isAdmin: isAdminEmail(normalised, this.adminEmails),
    };
  }

  async issue(user: AuthUser, generation = 0): Promise<string> {
    return new SignJWT({ email: user.email, name: user.name, ...(generation > 0 && { gen: generation }) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${DEV_TOKEN_LIFETIME_SECONDS}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<VerifiedToken> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'iat', 'sub'],
        maxTokenAge: DEV_TOKEN_LIFETIME_SECONDS + CLOCK_TOLERANCE_SECONDS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      });
      if ((payload.iat ?? 0) > Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS)
        throw new InvalidTokenError('Token issued in the future');
      const email = typeof payload.email === 'string' ? payload.email : '';
      const name = typeof payload.name === 'string' ? payload.name : '';
      const generation = generationOf(payload.gen);
      if (!payload.sub || generation === null || devUserIdForEmail(email, generation) !== payload.sub)
        throw new InvalidTokenError('Token subject does not match its email');
      return {
        user: { id: payload.sub, email, name, isAdmin: isAdminEmail(email, this.adminEmails) },
        expiresAt: (payload.exp ?? 0) * 1000,
      };
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError(error.message);
      throw error;
    }
  }
}
