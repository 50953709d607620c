import type { ServerUserRecord } from '@stride/domain/contracts/users';
import type { ClientUserData, UserDataSource } from '../../../lib/current-user';
import { toClientUser } from './to-client-user';

export interface LoadUserDataDeps {
  readonly fetchRecord: () => Promise<ServerUserRecord>;
  readonly readCache: () => ClientUserData | null;
  readonly writeCache: (data: ClientUserData) => void;
  readonly defaults: () => ClientUserData;
  readonly log?: (message: string, error: unknown) => void;
}

/**
 * Spec section 4, "Loading user data": read the record; if that fails use the cached data of the same
 * month; otherwise defaults from the sign-in provider. Errors are only logged.
 */
export async function loadUserData(deps: LoadUserDataDeps): Promise<{ user: ClientUserData; source: UserDataSource }> {
  try {
    const user = toClientUser(await deps.fetchRecord());
    deps.writeCache(user);
    return { user, source: 'server' };
  } catch (error) {
    deps.log?.('User data could not be read; falling back', error);
    const cached = deps.readCache();
    if (cached) return { user: cached, source: 'cache' };
    return { user: deps.defaults(), source: 'defaults' };
  }
}

/** The bypass check: a refresh is due when the server's counts are higher than the cached ones. */
export function bypassShowsNewerCounts(
  cached: Pick<ClientUserData, 'goalsThisMonth' | 'aiGenerationsThisMonth'>,
  bypass: { goals_this_month: number; ai_generations_this_month: number },
): boolean {
  return (
    bypass.goals_this_month > cached.goalsThisMonth || bypass.ai_generations_this_month > cached.aiGenerationsThisMonth
  );
}
