import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  isoWeekdayOf,
  isTimeZone,
  localDateOf,
  localDateSchema,
  nextMonday,
  startOfIsoWeek,
} from './local-date';

describe('localDateSchema', () => {
  it.each(['2026-01-31', '2024-02-29', '2026-12-01', '1999-06-30'])('accepts %s', (value) => {
    expect(localDateSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    '2026-02-30',
    '2026-13-45',
    '0000-00-00',
    '2025-02-29',
    '2026-04-31',
    '2026-1-5',
    '2026-01-05T00:00:00Z',
    '',
    '0999-01-01',
    'tomorrow',
  ])('refuses %s', (value) => {
    expect(localDateSchema.safeParse(value).success).toBe(false);
  });
});

describe('localDateOf', () => {
  it('gives the date in the user zone, not in UTC', () => {
    const instant = new Date('2026-03-08T03:30:00Z');
    expect(localDateOf(instant, 'America/New_York')).toBe('2026-03-07');
    expect(localDateOf(instant, 'Europe/Berlin')).toBe('2026-03-08');
    expect(localDateOf(instant, 'Pacific/Kiritimati')).toBe('2026-03-08');
  });

  it('follows the DST change (New York springs forward on 2026-03-08)', () => {
    // Before the change the offset is -5: 04:30Z is 23:30 on the 7th, 05:30Z is 00:30 on the 8th.
    expect(localDateOf(new Date('2026-03-08T04:30:00Z'), 'America/New_York')).toBe('2026-03-07');
    expect(localDateOf(new Date('2026-03-08T05:30:00Z'), 'America/New_York')).toBe('2026-03-08');
    // After the change the offset is -4: 03:59Z on the 9th is still the 8th.
    expect(localDateOf(new Date('2026-03-09T03:59:00Z'), 'America/New_York')).toBe('2026-03-08');
    expect(localDateOf(new Date('2026-03-09T04:00:00Z'), 'America/New_York')).toBe('2026-03-09');
  });

  it('follows the DST change in Berlin (falls back on 2026-10-25)', () => {
    expect(localDateOf(new Date('2026-10-24T21:59:00Z'), 'Europe/Berlin')).toBe('2026-10-24');
    expect(localDateOf(new Date('2026-10-24T22:00:00Z'), 'Europe/Berlin')).toBe('2026-10-25');
    expect(localDateOf(new Date('2026-10-25T22:59:00Z'), 'Europe/Berlin')).toBe('2026-10-25');
    expect(localDateOf(new Date('2026-10-25T23:00:00Z'), 'Europe/Berlin')).toBe('2026-10-26');
  });
});

describe('calendar arithmetic', () => {
  it('adds days across months, leap days and DST dates', () => {
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31);
    expect(daysBetween('2026-10-26', '2026-10-24')).toBe(-2);
  });

  it('knows weekdays and Mondays', () => {
    expect(isoWeekdayOf('2026-11-25')).toBe(3); // a Wednesday
    expect(startOfIsoWeek('2026-11-25')).toBe('2026-11-23');
    expect(nextMonday('2026-11-25')).toBe('2026-11-30');
    expect(nextMonday('2026-11-30')).toBe('2026-12-07');
    expect(nextMonday('2026-11-29')).toBe('2026-11-30');
  });

  it('recognises IANA zones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
