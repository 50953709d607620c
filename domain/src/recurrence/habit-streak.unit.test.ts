import { describe, expect, it } from 'vitest';
import { habitStreak, seriesCompletionDates } from './habit-streak';
import type { Recurrence } from './recurrence-rule';

const daily: Recurrence = { rule: { kind: 'daily' }, startDate: '2026-11-01' };

describe('habitStreak', () => {
  it('counts consecutive completed days up to today', () => {
    expect(habitStreak(daily, ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23'], '2026-11-23')).toEqual({
      current: 4,
      longest: 4,
      unit: 'occurrences',
    });
  });

  it('today not done yet does not break the streak', () => {
    expect(habitStreak(daily, ['2026-11-21', '2026-11-22'], '2026-11-23').current).toBe(2);
  });

  it('a missed day breaks it; longest remembers the best run', () => {
    const dates = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-05', '2026-11-06'];
    expect(habitStreak(daily, dates, '2026-11-07')).toEqual({ current: 2, longest: 3, unit: 'occurrences' });
    expect(habitStreak(daily, dates, '2026-11-08')).toEqual({ current: 0, longest: 3, unit: 'occurrences' });
  });

  it('several completions on one day count once; dates before the start or after today are ignored', () => {
    expect(
      habitStreak(daily, ['2026-10-31', '2026-11-01', '2026-11-01', '2026-11-02', '2026-11-09'], '2026-11-02'),
    ).toEqual({ current: 2, longest: 2, unit: 'occurrences' });
  });

  it('weekdays: the weekend is not a gap', () => {
    const weekdays: Recurrence = { rule: { kind: 'weekdays' }, startDate: '2026-11-16' };
    // Thu 19, Fri 20, Mon 23.
    expect(habitStreak(weekdays, ['2026-11-19', '2026-11-20', '2026-11-23'], '2026-11-24').current).toBe(3);
  });

  it('every 3 days: done any day before the next occurrence keeps it', () => {
    const every3: Recurrence = { rule: { kind: 'everyNDays', interval: 3 }, startDate: '2026-11-01' };
    // Occurrences 1, 4, 7, 10; done on 2, 4, 9.
    expect(habitStreak(every3, ['2026-11-02', '2026-11-04', '2026-11-09'], '2026-11-10').current).toBe(3);
    expect(habitStreak(every3, ['2026-11-02', '2026-11-09'], '2026-11-10')).toEqual({
      current: 1,
      longest: 1,
      unit: 'occurrences',
    });
  });

  it('3 times a week counts weeks with three distinct days done', () => {
    const thrice: Recurrence = { rule: { kind: 'timesPerWeek', times: 3 }, startDate: '2026-11-02' };
    const dates = [
      ...['2026-11-02', '2026-11-04', '2026-11-08'], // week of 2 Nov: kept
      ...['2026-11-10', '2026-11-11', '2026-11-13'], // week of 9 Nov: kept
      ...['2026-11-16'], // week of 16 Nov: missed
      ...['2026-11-23', '2026-11-24', '2026-11-24', '2026-11-25'], // week of 23 Nov: kept on the 25th
    ];
    expect(habitStreak(thrice, dates, '2026-11-25')).toEqual({ current: 1, longest: 2, unit: 'weeks' });
    expect(habitStreak(thrice, dates.slice(0, 7), '2026-11-18')).toEqual({ current: 2, longest: 2, unit: 'weeks' });
  });

  it('before the start date there is no streak', () => {
    expect(habitStreak(daily, [], '2026-10-01')).toEqual({ current: 0, longest: 0, unit: 'occurrences' });
  });
});

describe('seriesCompletionDates', () => {
  it("gives the local dates a series' done occurrences were completed on, in the user zone", () => {
    const tasks = [
      { seriesId: 's1', status: 'done', completedAt: '2026-11-24T03:30:00.000Z', deletedAt: null },
      { seriesId: 's1', status: 'done', completedAt: '2026-11-24T22:30:00.000Z', deletedAt: null },
      { seriesId: 's1', status: 'todo', completedAt: null, deletedAt: null },
      {
        seriesId: 's1',
        status: 'done',
        completedAt: '2026-11-20T10:00:00.000Z',
        deletedAt: '2026-11-21T10:00:00.000Z',
      },
      { seriesId: 's2', status: 'done', completedAt: '2026-11-22T10:00:00.000Z', deletedAt: null },
      { seriesId: null, status: 'done', completedAt: '2026-11-22T10:00:00.000Z', deletedAt: null },
    ];
    expect(seriesCompletionDates(tasks, 's1', 'America/New_York')).toEqual(['2026-11-23', '2026-11-24']);
    expect(seriesCompletionDates(tasks, 's1', 'Europe/Berlin')).toEqual(['2026-11-24', '2026-11-24']);
  });
});
