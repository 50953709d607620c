import { readString, removeKey, storageKeys, writeString } from '../../../lib/storage';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * A signed-out visitor's analytics id (issue 13, item 15): a random UUID made up by this browser, never
 * derived from anything about the person, kept until the visitor signs up or in (the identify join), then
 * dropped. Callers only ask for it when tracking is allowed.
 */
export function anonymousId(): string | null {
  const stored = readString(storageKeys.anonymousId);
  if (stored && UUID.test(stored)) return stored;
  if (typeof crypto === 'undefined' || typeof crypto.randomUUID !== 'function') return null;
  const id = crypto.randomUUID();
  return writeString(storageKeys.anonymousId, id) ? id : null;
}

/** The id this browser used while signed out, if any (without making one up). */
export function storedAnonymousId(): string | null {
  const stored = readString(storageKeys.anonymousId);
  return stored && UUID.test(stored) ? stored : null;
}

export function forgetAnonymousId(): void {
  removeKey(storageKeys.anonymousId);
}
