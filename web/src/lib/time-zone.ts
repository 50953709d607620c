import { DEFAULT_TIME_ZONE } from '@stride/domain/users/user-time-zone';

/** The browser's IANA time zone (what the operating system is set to), or null when the runtime hides it. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** Every zone the browser knows, for the profile's picker (the user's own first if the list lacks it). */
export function knownTimeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set([DEFAULT_TIME_ZONE, ...zones]);
  if (!all.has(current)) all.add(current);
  return [...all].sort((a, b) => a.localeCompare(b));
}
