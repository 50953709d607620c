import { describe, expect, it } from 'vitest';
import { engagementScore, recencyFactor } from './engagement-score';
import type { EngagementInput } from './engagement-score';

const nothing: EngagementInput = {
  taskCompletionRate: 0,
  dailyActiveStreak: 0,
  goalProgress: 0,
  aiGenerationsUsed: 0,
  daysSinceLastActive: null,
};

describe('engagement score', () => {
  describe('given a user who has never done anything', () => {
    it('when scored, then 0 with every component at 0', () => {
      expect(engagementScore(nothing)).toEqual({
        score: 0,
        breakdown: { completion: 0, streak: 0, goalProgress: 0, aiUsage: 0, recency: 0 },
      });
    });
  });

  describe('given a user who maxes out every component', () => {
    it('when scored, then 100 with the spec weights 30/20/25/15/10', () => {
      const result = engagementScore({
        taskCompletionRate: 1,
        dailyActiveStreak: 45,
        goalProgress: 1,
        aiGenerationsUsed: 25,
        daysSinceLastActive: 0,
      });
      expect(result.score).toBe(100);
      expect(result.breakdown).toEqual({ completion: 30, streak: 20, goalProgress: 25, aiUsage: 15, recency: 10 });
    });
  });

  describe('given one component at a time', () => {
    it('when completion is 50%, then 15 points', () => {
      expect(engagementScore({ ...nothing, taskCompletionRate: 0.5 }).score).toBe(15);
    });

    it('when the streak is 15 days, then half of 20; at 30 and beyond, 20', () => {
      expect(engagementScore({ ...nothing, dailyActiveStreak: 15 }).score).toBe(10);
      expect(engagementScore({ ...nothing, dailyActiveStreak: 30 }).score).toBe(20);
    });

    it('when goal progress is 40%, then 10 points', () => {
      expect(engagementScore({ ...nothing, goalProgress: 0.4 }).score).toBe(10);
    });

    it('when AI was used 3 times, then 4.5 points; capped at 10 uses', () => {
      expect(engagementScore({ ...nothing, aiGenerationsUsed: 3 }).score).toBe(4.5);
      expect(engagementScore({ ...nothing, aiGenerationsUsed: 11 }).score).toBe(15);
    });
  });

  describe('given recency (decision: linear from today to 30 days)', () => {
    it('when active today, then 10 points; 15 days ago, 5; 30 days or more, 0', () => {
      expect(engagementScore({ ...nothing, daysSinceLastActive: 0 }).breakdown.recency).toBe(10);
      expect(engagementScore({ ...nothing, daysSinceLastActive: 15 }).breakdown.recency).toBe(5);
      expect(engagementScore({ ...nothing, daysSinceLastActive: 30 }).breakdown.recency).toBe(0);
      expect(recencyFactor(90)).toBe(0);
    });

    it('when never active, then no recency points', () => {
      expect(recencyFactor(null)).toBe(0);
    });
  });

  describe('given a typical user', () => {
    it('when scored, then the components add up and the score has one decimal', () => {
      const result = engagementScore({
        taskCompletionRate: 2 / 3,
        dailyActiveStreak: 4,
        goalProgress: 1 / 3,
        aiGenerationsUsed: 2,
        daysSinceLastActive: 1,
      });
      // 20 + 2.6667 + 8.3333 + 3 + 9.6667 = 43.6667
      expect(result.score).toBe(43.7);
      expect(result.breakdown).toEqual({ completion: 20, streak: 2.67, goalProgress: 8.33, aiUsage: 3, recency: 9.67 });
    });
  });

  describe('given out-of-range input', () => {
    it('when rates exceed 1 or are negative, then they are clamped', () => {
      expect(engagementScore({ ...nothing, taskCompletionRate: 1.7, goalProgress: -0.2 }).score).toBe(30);
    });
  });
});
