import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDayBounds, localDayOf, localDaysOfUtcDay, localHourOf } from './local-time';

const LA = 'America/Los_Angeles';

describe('local time', () => {
  it('a day in Los Angeles starts at 08:00 UTC in winter and 07:00 UTC in summer', () => {
    expect(localDayBounds('2026-01-15', LA)).toEqual({
      start: Date.parse('2026-01-15T08:00:00Z'),
      end: Date.parse('2026-01-16T08:00:00Z'),
    });
    expect(localDayBounds('2026-07-15', LA).start).toBe(Date.parse('2026-07-15T07:00:00Z'));
  });

  it('the spring-forward day has 23 hours and the fall-back day 25', () => {
    const spring = localDayBounds('2026-03-08', LA);
    const fall = localDayBounds('2026-11-01', LA);
    expect((spring.end - spring.start) / 3_600_000).toBe(23);
    expect((fall.end - fall.start) / 3_600_000).toBe(25);
  });

  it('23:30 on the 14th in Los Angeles is the 15th in UTC but the 14th locally, at hour 23', () => {
    const at = Date.parse('2026-01-15T07:30:00Z');
    expect(localDayOf(at, LA)).toBe('2026-01-14');
    expect(localHourOf(at, LA)).toBe(23);
    expect(localHourOf(at, 'UTC')).toBe(7);
  });

  it('a UTC day overlaps the local days before and of it west of UTC, and of and after it east of UTC', () => {
    expect(localDaysOfUtcDay('2026-01-15', LA)).toEqual(['2026-01-14', '2026-01-15']);
    expect(localDaysOfUtcDay('2026-01-15', 'Asia/Tokyo')).toEqual(['2026-01-15', '2026-01-16']);
    expect(localDaysOfUtcDay('2026-01-15', 'UTC')).toEqual(['2026-01-15']);
  });

  it('every instant lies inside the bounds of its own local day, in any zone', () => {
    const zones = ['UTC', LA, 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Chatham', 'Pacific/Kiritimati', 'Etc/GMT+12'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2000-01-01T00:00:00Z'), max: Date.parse('2040-01-01T00:00:00Z') }),
        fc.constantFrom(...zones),
        (at, zone) => {
          const { start, end } = localDayBounds(localDayOf(at, zone), zone);
          expect(start).toBeLessThanOrEqual(at);
          expect(at).toBeLessThan(end);
          expect(localDaysOfUtcDay(new Date(at).toISOString().slice(0, 10), zone)).toContain(localDayOf(at, zone));
        },
      ),
    );
  });
});
