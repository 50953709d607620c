import { describe, expect, it } from 'vitest';
import { accountStartDay, lastDays } from './date-range';

describe("date ranges in the user's time zone", () => {
  // 07:30 UTC on 15 January is 23:30 on 14 January in Los Angeles.
  const now = new Date('2026-01-15T07:30:00Z');

  it("the last 7 days end on the user's today", () => {
    expect(lastDays(7, 'America/Los_Angeles', now)).toEqual({ start: '2026-01-08', end: '2026-01-14' });
    expect(lastDays(7, 'UTC', now)).toEqual({ start: '2026-01-09', end: '2026-01-15' });
  });

  it("the account starts on the user's day of sign-up", () => {
    expect(accountStartDay('2026-01-15T07:30:00Z', 'America/Los_Angeles')).toBe('2026-01-14');
    expect(accountStartDay('2026-01-15T07:30:00Z', 'Asia/Tokyo')).toBe('2026-01-15');
    expect(accountStartDay(null, 'UTC')).toBeNull();
  });
});
