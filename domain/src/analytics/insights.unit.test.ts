import { describe, expect, it } from 'vitest';
import { insightsFor } from './insights';

const codes = (taskCompletionRate: number, dailyActiveStreak: number) =>
  insightsFor({ taskCompletionRate, dailyActiveStreak }).map((insight) => `${insight.kind}:${insight.code}`);

describe('insights', () => {
  describe('given task completion under 50%', () => {
    it('when the insights are built, then a suggestion to try smaller tasks', () => {
      const [insight] = insightsFor({ taskCompletionRate: 0.3, dailyActiveStreak: 0 });
      expect(insight).toMatchObject({ kind: 'suggestion', code: 'smaller_tasks' });
      expect(insight?.title.toLowerCase()).toContain('smaller tasks');
      expect(insight?.message).toContain('30%');
    });
  });

  describe('given task completion between 50% and 80% inclusive', () => {
    it.each([0.5, 0.65, 0.8])('when %s, then nothing is said about completion', (rate) => {
      expect(codes(rate, 0)).toEqual([]);
    });
  });

  describe('given task completion over 80%', () => {
    it('when the insights are built, then an achievement', () => {
      expect(codes(0.81, 0)).toEqual(['achievement:high_completion_rate']);
    });
  });

  describe('given the daily-active streak', () => {
    it('when 7 days, then no streak achievement; when 8, then one', () => {
      expect(codes(0.6, 7)).toEqual([]);
      expect(codes(0.6, 8)).toEqual(['achievement:active_streak']);
      expect(insightsFor({ taskCompletionRate: 0.6, dailyActiveStreak: 8 })[0]?.message).toContain('8 days');
    });
  });

  describe('given several rules apply', () => {
    it('when both, then completion comes first and streak second', () => {
      expect(codes(0.9, 12)).toEqual(['achievement:high_completion_rate', 'achievement:active_streak']);
      expect(codes(0.1, 12)).toEqual(['suggestion:smaller_tasks', 'achievement:active_streak']);
    });
  });
});
