import { readJson, storageKeys, writeJson } from '../../../lib/storage';

/** Spec section 9: a session id lives 30 minutes after the last activity. */
export const SESSION_TTL_MS = 30 * 60 * 1000;

interface StoredSession {
  readonly id: string;
  readonly lastActivity: number;
  readonly startedAt: number;
}

const isStoredSession = (value: unknown): value is StoredSession =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as StoredSession).id === 'string' &&
  typeof (value as StoredSession).lastActivity === 'number';

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `s-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** The current session id, renewed after 30 minutes of inactivity; `isNew` tells a session start. */
export function touchSession(now = Date.now()): { id: string; isNew: boolean; startedAt: number } {
  const stored = readJson(storageKeys.trackingSession, isStoredSession);
  if (stored && now - stored.lastActivity < SESSION_TTL_MS) {
    writeJson(storageKeys.trackingSession, { ...stored, lastActivity: now });
    return { id: stored.id, isNew: false, startedAt: stored.startedAt ?? stored.lastActivity };
  }
  const session: StoredSession = { id: newId(), lastActivity: now, startedAt: now };
  writeJson(storageKeys.trackingSession, session);
  return { id: session.id, isNew: true, startedAt: now };
}
