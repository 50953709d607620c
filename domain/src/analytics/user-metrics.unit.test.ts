import { describe, expect, it } from 'vitest';
import { dailyActiveStreak, dayNumber, daysBetween, mostProductiveHour, rate, userMetricsSchema } from './user-metrics';

describe('user metrics helpers', () => {
  describe('given active days', () => {
    it('when they run up to today, then the streak counts them', () => {
      expect(dailyActiveStreak(['2025-03-01', '2025-03-02', '2025-03-03'], '2025-03-03')).toBe(3);
    });

    it('when the last one was yesterday, then the streak is still alive', () => {
      expect(dailyActiveStreak(['2025-03-01', '2025-03-02'], '2025-03-03')).toBe(2);
    });

    it('when a whole day was missed before today, then the streak is 0', () => {
      expect(dailyActiveStreak(['2025-03-01'], '2025-03-03')).toBe(0);
    });

    it('when there is a gap, then only the days after the gap count', () => {
      expect(dailyActiveStreak(['2025-02-26', '2025-02-28', '2025-03-01', '2025-03-02'], '2025-03-02')).toBe(3);
    });

    it('when it crosses a month or leap day, then the calendar is respected', () => {
      expect(dailyActiveStreak(['2024-02-28', '2024-02-29', '2024-03-01'], '2024-03-01')).toBe(3);
      expect(dailyActiveStreak(['2023-02-28', '2023-03-01'], '2023-03-01')).toBe(2);
    });

    it('when dates repeat, are unordered, invalid or in the future, then they are ignored as such', () => {
      expect(
        dailyActiveStreak(
          ['2025-03-03', 'garbage', '2025-03-02', '2025-03-03', '2025-02-30', '2025-03-09'],
          '2025-03-03',
        ),
      ).toBe(2);
    });

    it('when there are none, then 0', () => {
      expect(dailyActiveStreak([], '2025-03-03')).toBe(0);
    });
  });

  describe('given completion hours', () => {
    it('when one hour has the most completions, then that hour', () => {
      expect(mostProductiveHour([9, 14, 14, 20, 14, 9])).toBe(14);
    });

    it('when hours tie, then the earliest', () => {
      expect(mostProductiveHour([22, 22, 7, 7, 15])).toBe(7);
    });

    it('when there are none (or only invalid ones), then null', () => {
      expect(mostProductiveHour([])).toBeNull();
      expect(mostProductiveHour([24, -1, 3.5])).toBeNull();
    });

    it('when midnight wins, then 0 (not null)', () => {
      expect(mostProductiveHour([0, 0, 5])).toBe(0);
    });
  });

  describe('given counts', () => {
    it('when total is 0, then the rate is 0', () => {
      expect(rate(0, 0)).toBe(0);
      expect(rate(3, 0)).toBe(0);
    });

    it('when some are done, then done / total, never above 1', () => {
      expect(rate(1, 4)).toBe(0.25);
      expect(rate(5, 4)).toBe(1);
    });
  });

  describe('given calendar dates', () => {
    it('when measuring days between, then whole days (negative backwards); invalid dates give null', () => {
      expect(daysBetween('2025-01-30', '2025-02-02')).toBe(3);
      expect(daysBetween('2025-02-02', '2025-01-30')).toBe(-3);
      expect(daysBetween('2025-13-01', '2025-01-30')).toBeNull();
      expect(dayNumber('1970-01-02')).toBe(1);
    });
  });

  describe('given a metrics read', () => {
    it('when validated, then a well-formed record passes and an out-of-range rate fails', () => {
      const metrics = {
        taskCompletionRate: 0.5,
        dailyActiveStreak: 3,
        goalCompletionRate: 0.25,
        aiGenerationsUsed: 4,
        lastActiveDate: '2025-03-03',
        mostProductiveHour: null,
        abandonedGoals: 1,
        completedGoals: 1,
      };
      expect(userMetricsSchema.parse(metrics)).toEqual(metrics);
      expect(userMetricsSchema.safeParse({ ...metrics, taskCompletionRate: 50 }).success).toBe(false);
    });
  });
});
