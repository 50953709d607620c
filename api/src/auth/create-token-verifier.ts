import type { Config } from '@stride/platform/config';
import { CachedTokenVerifier } from './cached-token-verifier';
import { ClerkTokens } from './clerk-tokens';
import { DevTokens, loadDevAuthSecret } from './dev-tokens';
import type { TokenVerifier } from './token-verifier';

export interface Authenticators {
  readonly verifier: TokenVerifier;
  /** Only with AUTH_MODE=dev: issues the tokens of /api/dev/sign-in. */
  readonly devTokens: DevTokens | null;
}

export async function createAuthenticators(config: Config): Promise<Authenticators> {
  if (config.AUTH_MODE === 'clerk') {
    return { verifier: new CachedTokenVerifier(await ClerkTokens.create(config)), devTokens: null };
  }
  const devTokens = new DevTokens(await loadDevAuthSecret(config), config.ADMIN_EMAILS);
  return { verifier: new CachedTokenVerifier(devTokens), devTokens };
}
