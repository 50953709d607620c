import { readJson, readString, removeKey, storageKeys, writeJson, writeString } from '../../../lib/storage';

export interface DevSessionUser {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly isAdmin: boolean;
}

export interface DevSession {
  readonly token: string;
  readonly user: DevSessionUser;
}

const isDevUser = (value: unknown): value is DevSessionUser =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as DevSessionUser).id === 'string' &&
  typeof (value as DevSessionUser).email === 'string';

/** The dev-mode session: the token (and the user it belongs to) kept in local storage. */
export function readDevSession(): DevSession | null {
  const token = readString(storageKeys.authToken);
  const user = readJson(storageKeys.authUser, isDevUser);
  return token && user ? { token, user } : null;
}

export function writeDevSession(session: DevSession): void {
  writeString(storageKeys.authToken, session.token);
  writeJson(storageKeys.authUser, session.user);
}

export function clearDevSession(): void {
  removeKey(storageKeys.authToken);
  removeKey(storageKeys.authUser);
}
