import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { usageMonthOf } from './usage-month';

describe('usageMonthOf', () => {
  it('is the UTC month by default', () => {
    expect(usageMonthOf(new Date('2026-03-31T23:59:59.999Z'))).toBe('2026-03');
    expect(usageMonthOf(new Date('2026-04-01T00:00:00.000Z'))).toBe('2026-04');
  });

  it("is the month where the user lives: a new month starts at the user's local midnight", () => {
    const instant = new Date('2026-04-01T03:00:00.000Z');
    expect(usageMonthOf(instant, 'UTC')).toBe('2026-04');
    expect(usageMonthOf(instant, 'America/Los_Angeles')).toBe('2026-03'); // 20:00 on March 31st there
    expect(usageMonthOf(new Date('2026-03-31T22:30:00.000Z'), 'Europe/Berlin')).toBe('2026-04'); // 00:30 CEST
    expect(usageMonthOf(new Date('2025-12-31T11:00:00.000Z'), 'Pacific/Kiritimati')).toBe('2026-01'); // UTC+14
  });

  const zones = ['UTC', 'America/Los_Angeles', 'Europe/Berlin', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Etc/GMT+12'];
  const instants = fc.date({
    min: new Date('1990-01-01T00:00:00Z'),
    max: new Date('2100-01-01T00:00:00Z'),
    noInvalidDate: true,
  });

  it('in UTC, is the instant’s ISO month', () => {
    fc.assert(fc.property(instants, (instant) => usageMonthOf(instant) === instant.toISOString().slice(0, 7)));
  });

  it('in any zone, is the month of the local date there (never more than one month from UTC’s)', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), (instant, zone) => {
        const local = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit' })
          .format(instant)
          .slice(0, 7);
        const month = usageMonthOf(instant, zone);
        const [y, m] = month.split('-').map(Number) as [number, number];
        const [uy, um] = instant.toISOString().slice(0, 7).split('-').map(Number) as [number, number];
        return month === local && Math.abs(y * 12 + m - (uy * 12 + um)) <= 1;
      }),
    );
  });
});
