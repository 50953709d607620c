import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, compareLocalDates, daysBetween, isoWeekdayOf } from '../dates/local-date';
import {
  firstOccurrence,
  nextOccurrenceAfter,
  nextOccurrenceOnOrAfterToday,
  occurrencesBetween,
  toRRule,
  type Recurrence,
  type RecurrenceRule,
} from './recurrence-rule';

const from = (rule: RecurrenceRule, startDate: string): Recurrence => ({ rule, startDate });

/** The next `count` occurrences after `after`, each computed from the previous one. */
const chain = (recurrence: Recurrence, after: string, count: number): (string | null)[] => {
  const dates: (string | null)[] = [];
  let current: string | null = after;
  for (let i = 0; i < count && current !== null; i += 1) {
    current = nextOccurrenceAfter(recurrence, current);
    dates.push(current);
  }
  return dates;
};

describe('toRRule', () => {
  it.each<[RecurrenceRule, string]>([
    [{ kind: 'daily' }, 'FREQ=DAILY'],
    [{ kind: 'weekdays' }, 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    [{ kind: 'weekly', days: ['FR', 'MO'] }, 'FREQ=WEEKLY;BYDAY=MO,FR'],
    [{ kind: 'timesPerWeek', times: 3 }, 'FREQ=WEEKLY;BYDAY=MO,WE,FR'],
    [{ kind: 'everyNDays', interval: 2 }, 'FREQ=DAILY;INTERVAL=2'],
    [{ kind: 'monthly', dayOfMonth: 15 }, 'FREQ=MONTHLY;BYMONTHDAY=15'],
    [{ kind: 'monthly', dayOfMonth: 30 }, 'FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1'],
  ])('%j is %s', (rule, rrule) => {
    expect(toRRule(rule)).toBe(rrule);
  });
});

describe('nextOccurrenceAfter', () => {
  it('daily: every calendar day, through the New York spring-forward day (2026-03-08)', () => {
    expect(chain(from({ kind: 'daily' }, '2026-03-05'), '2026-03-06', 4)).toEqual([
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
  });

  it('daily: through the Berlin fall-back day (2026-10-25)', () => {
    expect(chain(from({ kind: 'daily' }, '2026-10-01'), '2026-10-23', 4)).toEqual([
      '2026-10-24',
      '2026-10-25',
      '2026-10-26',
      '2026-10-27',
    ]);
  });

  it('weekdays: Friday is followed by Monday', () => {
    expect(chain(from({ kind: 'weekdays' }, '2026-11-02'), '2026-11-26', 3)).toEqual([
      '2026-11-27',
      '2026-11-30',
      '2026-12-01',
    ]);
  });

  it('3 times a week: Monday, Wednesday, Friday', () => {
    expect(chain(from({ kind: 'timesPerWeek', times: 3 }, '2026-11-23'), '2026-11-23', 4)).toEqual([
      '2026-11-25',
      '2026-11-27',
      '2026-11-30',
      '2026-12-02',
    ]);
  });

  it('every 2 days counts from the start date, not from the date asked about', () => {
    const everyOther = from({ kind: 'everyNDays', interval: 2 }, '2026-03-01');
    expect(nextOccurrenceAfter(everyOther, '2026-03-07')).toBe('2026-03-09');
    expect(nextOccurrenceAfter(everyOther, '2026-03-08')).toBe('2026-03-09');
  });

  it('monthly on the 31st falls on the last day of shorter months', () => {
    expect(chain(from({ kind: 'monthly', dayOfMonth: 31 }, '2026-01-31'), '2026-01-31', 4)).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    expect(nextOccurrenceAfter(from({ kind: 'monthly', dayOfMonth: 30 }, '2028-01-30'), '2028-01-30')).toBe(
      '2028-02-29',
    );
  });

  it('before the start date the first occurrence is the first matching date from the start', () => {
    expect(nextOccurrenceAfter(from({ kind: 'weekdays' }, '2026-11-28'), '2026-01-01')).toBe('2026-11-30');
    expect(firstOccurrence(from({ kind: 'weekdays' }, '2026-11-28'))).toBe('2026-11-30');
    expect(firstOccurrence(from({ kind: 'daily' }, '2026-11-28'))).toBe('2026-11-28');
  });

  it('lists occurrences in a range, both ends included', () => {
    expect(
      occurrencesBetween(from({ kind: 'weekly', days: ['SA'] }, '2026-11-01'), '2026-11-07', '2026-11-21'),
    ).toEqual(['2026-11-07', '2026-11-14', '2026-11-21']);
    expect(occurrencesBetween(from({ kind: 'daily' }, '2026-11-01'), '2026-11-07', '2026-11-06')).toEqual([]);
  });
});

describe('nextOccurrenceOnOrAfterToday (the user zone decides what today is)', () => {
  const daily = from({ kind: 'daily' }, '2026-03-01');

  it('New York, the evening before spring-forward: today is still the 7th', () => {
    expect(nextOccurrenceOnOrAfterToday(daily, new Date('2026-03-08T04:30:00Z'), 'America/New_York')).toBe(
      '2026-03-07',
    );
  });

  it('New York, just after midnight on the change day and just after the change', () => {
    expect(nextOccurrenceOnOrAfterToday(daily, new Date('2026-03-08T05:30:00Z'), 'America/New_York')).toBe(
      '2026-03-08',
    );
    expect(nextOccurrenceOnOrAfterToday(daily, new Date('2026-03-08T07:30:00Z'), 'America/New_York')).toBe(
      '2026-03-08',
    );
  });

  it('Berlin, the hour that happens twice on 2026-10-25 is one day', () => {
    const weekly = from({ kind: 'weekly', days: ['SU'] }, '2026-10-01');
    expect(nextOccurrenceOnOrAfterToday(weekly, new Date('2026-10-25T00:30:00Z'), 'Europe/Berlin')).toBe('2026-10-25');
    expect(nextOccurrenceOnOrAfterToday(weekly, new Date('2026-10-25T01:30:00Z'), 'Europe/Berlin')).toBe('2026-10-25');
    expect(nextOccurrenceOnOrAfterToday(weekly, new Date('2026-10-25T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-01');
  });

  describe('whatever zone the machine runs in', () => {
    afterEach(() => {
      vi.unstubAllEnvs();
    });

    it.each(['America/New_York', 'Europe/Berlin', 'Pacific/Auckland', 'UTC'])('machine in %s', (zone) => {
      vi.stubEnv('TZ', zone);
      expect(new Date(Date.UTC(2026, 6, 1, 12)).getHours()).toBe(
        Number(new Intl.DateTimeFormat('en-GB', { hour: 'numeric', timeZone: zone }).format(Date.UTC(2026, 6, 1, 12))),
      );
      expect(chain(from({ kind: 'daily' }, '2026-03-05'), '2026-03-07', 3)).toEqual([
        '2026-03-08',
        '2026-03-09',
        '2026-03-10',
      ]);
      expect(nextOccurrenceAfter(from({ kind: 'weekdays' }, '2026-10-01'), '2026-10-23')).toBe('2026-10-26');
      expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    });
  });
});

describe('nextOccurrenceAfter: properties', () => {
  const rule = fc.oneof(
    fc.constant<RecurrenceRule>({ kind: 'daily' }),
    fc.constant<RecurrenceRule>({ kind: 'weekdays' }),
    fc.integer({ min: 1, max: 7 }).map((times): RecurrenceRule => ({ kind: 'timesPerWeek', times })),
    fc.integer({ min: 1, max: 30 }).map((interval): RecurrenceRule => ({ kind: 'everyNDays', interval })),
    fc.integer({ min: 1, max: 31 }).map((dayOfMonth): RecurrenceRule => ({ kind: 'monthly', dayOfMonth })),
  );
  const day = fc.integer({ min: 0, max: 3 * 365 }).map((offset) => addDays('2025-01-01', offset));

  it('is always a later date, and the start date or later', () => {
    fc.assert(
      fc.property(rule, day, day, (kind, startDate, after) => {
        const next = nextOccurrenceAfter({ rule: kind, startDate }, after);
        expect(next).not.toBeNull();
        if (next === null) return;
        expect(compareLocalDates(next, after)).toBeGreaterThan(0);
        expect(compareLocalDates(next, startDate)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('never skips an occurrence: nothing in between matches the rule', () => {
    fc.assert(
      fc.property(rule, day, day, (kind, startDate, after) => {
        const recurrence = { rule: kind, startDate };
        const next = nextOccurrenceAfter(recurrence, after);
        if (next === null) return;
        const between = occurrencesBetween(recurrence, addDays(after, 1), addDays(next, -1));
        expect(between).toEqual([]);
      }),
      { numRuns: 50 },
    );
  });

  it('weekdays never land on a weekend; every N days keeps its step from the start', () => {
    fc.assert(
      fc.property(day, day, fc.integer({ min: 1, max: 30 }), (startDate, after, interval) => {
        const weekday = nextOccurrenceAfter({ rule: { kind: 'weekdays' }, startDate }, after);
        expect(weekday && isoWeekdayOf(weekday)).toBeLessThanOrEqual(5);
        const stepped = nextOccurrenceAfter({ rule: { kind: 'everyNDays', interval }, startDate }, after);
        expect(stepped && daysBetween(startDate, stepped) % interval).toBe(0);
      }),
    );
  });
});
