import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AttributionInput } from '@stride/domain/contracts/users';
import { monthOf } from '@stride/domain/shared/month';
import { isApiError } from '../../../lib/api-client';
import type { AuthUser } from '../../../lib/auth-session';
import { emitProductEvent } from '../../../lib/product-events';
import { CurrentUserContext, type ClientUserData, type CurrentUser, type UsageType } from '../../../lib/current-user';
import { addBreadcrumb, setErrorUser } from '../../../lib/error-reporting';
import { rememberSignedInUser } from '../../../lib/storage';
import { browserTimeZone } from '../../../lib/time-zone';
import { checkAndReset } from '../api/check-and-reset';
import { ensureUserExists } from '../api/ensure-user-exists';
import { getUserDataBypass } from '../api/get-user-data-bypass';
import { getUserDataSimple, useUserDataQuery, type LoadedUserData } from '../api/get-user-data-simple';
import { reconcileUsageCount } from '../api/increment-usage';
import { userKeys } from '../api/keys';
import { bypassShowsNewerCounts, loadUserData } from '../lib/load-user-data';
import { defaultUserData } from '../lib/to-client-user';
import { readUserDataCache, writeUserDataCache } from '../lib/user-data-cache';

const counterField = (type: UsageType): 'goalsThisMonth' | 'aiGenerationsThisMonth' =>
  type === 'goals' ? 'goalsThisMonth' : 'aiGenerationsThisMonth';

/** Spec section 9. */
export const USAGE_RETRY_MS = 2000;
export const BYPASS_CHECK_DELAY_MS = 1000;

interface UserDataProviderProps {
  readonly authUser: AuthUser | null;
  readonly getAttribution: () => AttributionInput | null;
  readonly onAttributionSynced: () => void;
  readonly children: ReactNode;
}

const log = (message: string, error: unknown) => {
  addBreadcrumb({
    category: 'user-data',
    message: `${message}: ${error instanceof Error ? error.message : String(error)}`,
  });
  if (import.meta.env.DEV) console.warn(message, error);
};

/**
 * After sign-in: ensure the user exists (with attribution), read the user record (with the spec's
 * fallbacks), run the monthly reset, and keep the usage counters (local first, server value wins).
 */
export function UserDataProvider({ authUser, getAttribution, onAttributionSynced, children }: UserDataProviderProps) {
  const queryClient = useQueryClient();
  const userId = authUser?.id ?? '';
  const [ensuredFor, setEnsuredFor] = useState<string | null>(null);
  const authUserRef = useRef(authUser);
  authUserRef.current = authUser;

  // 1. Identify, then ensure the user exists (attribution sent once, cleared after success).
  useEffect(() => {
    if (!authUser) return;
    let cancelled = false;
    rememberSignedInUser(authUser.id);
    setErrorUser({ id: authUser.id, email: authUser.email, username: authUser.name });
    const attribution = getAttribution();
    ensureUserExists({ email: authUser.email, name: authUser.name, attribution, timeZone: browserTimeZone() })
      .then(() => {
        if (attribution) onAttributionSynced();
      })
      .catch((error: unknown) => {
        log('ensure-user-exists failed', error);
        emitProductEvent('signup_error', {
          stage: 'ensure_user',
          message: (error instanceof Error ? error.message : 'Unknown error').slice(0, 1000),
          code: isApiError(error) ? (error.code ?? String(error.status)) : null,
        });
      })
      .finally(() => {
        if (!cancelled) setEnsuredFor(authUser.id);
      });
    return () => {
      cancelled = true;
    };
    // Only when the identity changes.
  }, [authUser?.id]);

  const load = useCallback(async (signal?: AbortSignal): Promise<LoadedUserData> => {
    const current = authUserRef.current;
    const month = monthOf(new Date());
    return loadUserData({
      fetchRecord: () => getUserDataSimple(signal),
      readCache: () => (current ? readUserDataCache(current.id, month) : null),
      writeCache: (data) => current && writeUserDataCache(current.id, data),
      defaults: () => defaultUserData(current!, month),
      log,
    });
  }, []);

  const query = useUserDataQuery(userId, load, Boolean(authUser) && ensuredFor === userId);
  const loaded = query.data;

  const setUser = useCallback(
    (update: (user: ClientUserData) => ClientUserData) => {
      queryClient.setQueryData<LoadedUserData>(userKeys.record(userId), (previous) => {
        if (!previous) return previous;
        const user = update(previous.user);
        writeUserDataCache(userId, user);
        return { ...previous, user };
      });
    },
    [queryClient, userId],
  );

  // 2. Cached data: check the bypass endpoint 1 s later; newer counts trigger a refresh.
  useEffect(() => {
    if (!loaded || loaded.source !== 'cache') return;
    const cached = loaded.user;
    const timer = setTimeout(() => {
      getUserDataBypass()
        .then((bypass) => {
          if (!bypassShowsNewerCounts(cached, bypass)) return;
          setUser((user) => ({
            ...user,
            goalsThisMonth: Math.max(user.goalsThisMonth, bypass.goals_this_month),
            aiGenerationsThisMonth: Math.max(user.aiGenerationsThisMonth, bypass.ai_generations_this_month),
          }));
          void queryClient.invalidateQueries({ queryKey: userKeys.record(cached.id) });
        })
        .catch((error: unknown) => log('bypass check failed', error));
    }, BYPASS_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loaded, queryClient, setUser]);

  // 3. Monthly reset, once per user and month.
  const resetChecked = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded) return;
    const month = monthOf(new Date());
    const marker = `${loaded.user.id}:${month}`;
    if (resetChecked.current === marker) return;
    resetChecked.current = marker;
    checkAndReset(loaded.user.id)
      .then((result) => {
        if (result.reset) {
          setUser((user) => ({
            ...user,
            goalsThisMonth: 0,
            aiGenerationsThisMonth: 0,
            currentMonth: result.current_month,
            lastResetDate: new Date().toISOString(),
          }));
        }
      })
      .catch((error: unknown) => {
        log('check-and-reset failed', error);
        setUser((user) =>
          user.currentMonth === month
            ? user
            : { ...user, goalsThisMonth: 0, aiGenerationsThisMonth: 0, currentMonth: month },
        );
      });
  }, [loaded, setUser]);

  const beginUsage = useCallback(
    (type: UsageType) => setUser((user) => ({ ...user, [counterField(type)]: user[counterField(type)] + 1 })),
    [setUser],
  );

  const reconcileUsage = useCallback(
    (type: UsageType, serverValue?: number) => {
      if (typeof serverValue === 'number') {
        setUser((user) => ({ ...user, [counterField(type)]: serverValue }));
        return;
      }
      if (!userId) return;
      const attempt = (retry: boolean) =>
        reconcileUsageCount({ type, userId })
          .then((result) => setUser((user) => ({ ...user, [counterField(type)]: result.newValue })))
          .catch((error: unknown) => {
            log('usage reconcile failed', error);
            if (retry) setTimeout(() => void attempt(false), USAGE_RETRY_MS);
          });
      void attempt(true);
    },
    [setUser, userId],
  );

  const patchUser = useCallback(
    (patch: Partial<ClientUserData>) => setUser((user) => ({ ...user, ...patch })),
    [setUser],
  );

  const refresh = useCallback(async () => {
    if (!userId) return;
    await queryClient.invalidateQueries({ queryKey: userKeys.record(userId) });
  }, [queryClient, userId]);

  const value = useMemo<CurrentUser>(
    () => ({
      user: authUser ? (loaded?.user ?? null) : null,
      status: !authUser ? 'idle' : loaded ? 'ready' : 'loading',
      source: loaded?.source ?? null,
      refresh,
      beginUsage,
      reconcileUsage,
      patchUser,
    }),
    [authUser, loaded, refresh, beginUsage, reconcileUsage, patchUser],
  );

  return <CurrentUserContext.Provider value={value}>{children}</CurrentUserContext.Provider>;
}
