import { readJson, storageKeys, writeJson } from '../../../lib/storage';
import type { ClientUserData } from '../../../lib/current-user';

interface CachedUserData {
  readonly data: ClientUserData;
  readonly cachedAt: string;
}

const isCached = (value: unknown): value is CachedUserData =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as CachedUserData).data?.currentMonth === 'string' &&
  typeof (value as CachedUserData).data.timeZone === 'string';

/** Keyed by the signed-in identity's id (the same id every local-storage rule uses). */
export function writeUserDataCache(storageUserId: string, data: ClientUserData): void {
  writeJson(storageKeys.userDataCache(storageUserId), { data, cachedAt: new Date().toISOString() });
}

/** The cached record, only when it belongs to the given month (spec section 4). */
export function readUserDataCache(userId: string, month: string): ClientUserData | null {
  const cached = readJson(storageKeys.userDataCache(userId), isCached);
  return cached && cached.data.currentMonth === month ? cached.data : null;
}
