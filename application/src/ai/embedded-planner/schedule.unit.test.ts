import { describe, expect, it } from 'vitest';
import { assessOverload, formatDuration, suggestDates } from './schedule';

const steps = (...minutes: number[]) => minutes.map((estimatedMinutes) => ({ estimatedMinutes }));

describe('schedule', () => {
  describe('suggestDates', () => {
    it.each<[string, number | number[], string | null, (string | null)[]]>([
      ['even over 10 days', 3, '2026-12-05', ['2026-11-25', '2026-11-30', '2026-12-04']],
      ['one step: today', 1, '2026-12-05', ['2026-11-25']],
      ['weights: a long gap before the milestone', [1, 1, 8], '2026-12-05', ['2026-11-25', '2026-11-26', '2026-12-04']],
      ['target tomorrow: all today', 3, '2026-11-26', ['2026-11-25', '2026-11-25', '2026-11-25']],
      ['no target date', 2, null, [null, null]],
      ['target today', 2, '2026-11-25', [null, null]],
      ['target passed', 2, '2026-11-01', [null, null]],
    ])('%s', (_, spacing, target, expected) => {
      expect(suggestDates(spacing, '2026-11-25', target)).toEqual(expected);
    });
  });

  describe('assessOverload', () => {
    it('given a plan that fits, then no warning', () => {
      const result = assessOverload({
        steps: steps(30, 30, 60),
        today: '2026-11-25',
        targetDate: '2026-12-09',
        availableMinutesPerWeek: 120,
      });
      expect(result).toEqual({ planMinutes: 120, availableMinutes: 240, overloaded: false, warning: null });
    });

    it('given 10 h of plan and 2 h a week for two weeks, then move the date to week 5, or keep the steps that fit in 4 h', () => {
      const result = assessOverload({
        steps: steps(60, 90, 90, 120, 120, 120),
        today: '2026-11-25',
        targetDate: '2026-12-09',
        availableMinutesPerWeek: 120,
      });
      expect(result.overloaded).toBe(true);
      expect(result.availableMinutes).toBe(240);
      expect(result.warning?.options).toEqual([
        { kind: 'move-target-date', targetDate: '2026-12-30' },
        { kind: 'trim-steps', keepSteps: 3, minutes: 240 },
      ]);
      expect(result.warning?.message).toBe(
        'This plan needs about 10 h, but at 2 h a week you have about 4 h before 2026-12-09. ' +
          'You could move the target date to 2026-12-30, or keep the first 3 steps (4 h).',
      );
    });

    it('given no time at all, then only the trim option would be useless: none of the steps fit, no options but the warning', () => {
      const result = assessOverload({
        steps: steps(30, 30, 30),
        today: '2026-11-25',
        targetDate: '2026-12-09',
        availableMinutesPerWeek: 0,
      });
      expect(result.overloaded).toBe(true);
      expect(result.warning?.options).toEqual([]);
    });

    it.each([
      ['no target date', null, 120],
      ['unknown weekly time', '2026-12-09', null],
    ])('given %s, then no warning', (_, targetDate, availableMinutesPerWeek) => {
      const result = assessOverload({ steps: steps(600), today: '2026-11-25', targetDate, availableMinutesPerWeek });
      expect(result.overloaded).toBe(false);
      expect(result.warning).toBeNull();
    });
  });

  it.each([
    [45, '45 min'],
    [60, '1 h'],
    [90, '1 h 30 min'],
  ])('formatDuration(%i) is "%s"', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });
});
