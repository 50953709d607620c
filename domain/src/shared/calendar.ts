import { z } from 'zod';

/**
 * The one calendar-date schema: a real day of the proleptic Gregorian calendar as YYYY-MM-DD (2026-02-30,
 * 2026-13-45 and 0000-00-00 are refused). Every contract, event and job that carries a day uses it.
 */
export const calendarDateSchema = z.iso.date({ error: 'Expected a calendar date as YYYY-MM-DD' });

/** The one calendar-month schema: YYYY-MM with a month of 01..12. */
export const calendarMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Expected a month as YYYY-MM');
