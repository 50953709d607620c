import { z } from 'zod';
import { isTimeZone } from '../dates/local-date';

/** The zone of a user who never had one recorded: days, hours and months of such a user are UTC's. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** A user's IANA time zone (America/Los_Angeles, Europe/Berlin, UTC), as the runtime's Intl knows it. */
export const userTimeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine(isTimeZone, { message: 'Expected an IANA time zone such as Europe/Berlin' });

/**
 * Where a time zone came from: the browser's own (`Intl.DateTimeFormat().resolvedOptions().timeZone`, only
 * taken while the user has none recorded) or the user's choice in the profile (always taken).
 */
export const timeZoneSourceSchema = z.enum(['browser', 'profile']);
export type TimeZoneSource = z.infer<typeof timeZoneSourceSchema>;
