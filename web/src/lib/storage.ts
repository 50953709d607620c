/**
 * Local storage with the product prefix (spec section 5): every key starts with `stride:`. Keys are
 * cleared once (cleanup version 2), on quota errors, on sign-out and on an account switch.
 */
export const STORAGE_PREFIX = 'stride:';
export const STORAGE_CLEANUP_VERSION = '2';
export const CLEANUP_VERSION_KEY = `${STORAGE_PREFIX}storage-cleanup-version`;

export const storageKeys = {
  cleanupVersion: CLEANUP_VERSION_KEY,
  authToken: `${STORAGE_PREFIX}auth-token`,
  authUser: `${STORAGE_PREFIX}auth-user`,
  lastUserId: `${STORAGE_PREFIX}last-user-id`,
  attribution: `${STORAGE_PREFIX}attribution`,
  trackingSession: `${STORAGE_PREFIX}tracking-session`,
  /** A signed-out visitor's random analytics id, until they sign up or in (features/tracking). */
  anonymousId: `${STORAGE_PREFIX}anonymous-id`,
  onboarding: (userId: string) => `${STORAGE_PREFIX}onboarding:${userId}`,
  userDataCache: (userId: string) => `${STORAGE_PREFIX}user-data:${userId}`,
  /** One key per grace end and tone: dismissing the yellow reminder never hides the later red one. */
  paymentBannerDismissed: (graceEnd: string, tone: 'warning' | 'urgent') =>
    `${STORAGE_PREFIX}payment-banner-dismissed:${tone}:${graceEnd}`,
  /** The "your plan ended" notice, once per ended plan and reason. */
  planEndedDismissed: (tier: string, reason: string) => `${STORAGE_PREFIX}plan-ended-dismissed:${tier}:${reason}`,
} as const;

const ONBOARDING_PREFIX = `${STORAGE_PREFIX}onboarding:`;

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const isQuotaError = (error: unknown): boolean =>
  error instanceof DOMException &&
  (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED' || error.code === 22);

export function productKeys(): string[] {
  const s = store();
  if (!s) return [];
  const keys: string[] = [];
  for (let i = 0; i < s.length; i += 1) {
    const key = s.key(i);
    if (key?.startsWith(STORAGE_PREFIX)) keys.push(key);
  }
  return keys;
}

/** Removes every product key except those listed in `keep`. */
export function clearProductStorage(keep: readonly string[] = [CLEANUP_VERSION_KEY]): void {
  const s = store();
  if (!s) return;
  for (const key of productKeys()) if (!keep.includes(key)) s.removeItem(key);
}

export function readString(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a value; on a quota error clears the product keys and tries once more (spec section 5). */
export function writeString(key: string, value: string): boolean {
  const s = store();
  if (!s) return false;
  try {
    s.setItem(key, value);
    return true;
  } catch (error) {
    if (!isQuotaError(error)) return false;
    clearProductStorage([CLEANUP_VERSION_KEY, storageKeys.authToken, storageKeys.authUser]);
    try {
      s.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  }
}

export function removeKey(key: string): void {
  try {
    store()?.removeItem(key);
  } catch {
    /* storage unavailable */
  }
}

export function readJson<T>(key: string, guard?: (value: unknown) => value is T): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (guard && !guard(value)) return null;
    return value as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): boolean {
  return writeString(key, JSON.stringify(value));
}

/**
 * Storage cleanup version 2: product keys written by older versions are removed once, then the version
 * is recorded so it never runs again. Returns true when a cleanup happened.
 */
export function runStorageCleanup(): boolean {
  if (readString(CLEANUP_VERSION_KEY) === STORAGE_CLEANUP_VERSION) return false;
  clearProductStorage([]);
  writeString(CLEANUP_VERSION_KEY, STORAGE_CLEANUP_VERSION);
  return true;
}

/** Sign-out: every product key goes (onboarding of that user included); the cleanup marker stays. */
export function wipeOnSignOut(): void {
  clearProductStorage([CLEANUP_VERSION_KEY]);
}

/**
 * Called when a user is identified. When it is a different user than last time (an account switch),
 * the previous user's data goes: every onboarding key of other users, cached user data, banner state.
 * Returns true when a switch was detected.
 */
export function rememberSignedInUser(userId: string): boolean {
  const previous = readString(storageKeys.lastUserId);
  const switched = previous !== null && previous !== userId;
  if (switched) {
    const keep = [
      CLEANUP_VERSION_KEY,
      storageKeys.authToken,
      storageKeys.authUser,
      storageKeys.attribution,
      storageKeys.trackingSession,
      storageKeys.onboarding(userId),
      storageKeys.userDataCache(userId),
    ];
    clearProductStorage(keep);
  }
  // Onboarding progress of any other user never survives, even without a recorded previous user.
  for (const key of productKeys()) {
    if (key.startsWith(ONBOARDING_PREFIX) && key !== storageKeys.onboarding(userId)) removeKey(key);
  }
  writeString(storageKeys.lastUserId, userId);
  return switched;
}
