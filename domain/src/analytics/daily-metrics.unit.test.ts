import { describe, expect, it } from 'vitest';
import {
  dailyMetricsSchema,
  emptyDailyMetrics,
  shouldPersistDailyMetrics,
  withProductivityScore,
} from './daily-metrics';

describe('daily metrics', () => {
  describe('given the legacy client persistence rule', () => {
    it.each([
      [0, 5, true],
      [2, 3, true],
      [5, 5, true],
      [10, 0, true],
    ])(
      'when %i goals created and %i tasks completed (a positive multiple of 5), then persist',
      (goalsCreated, tasksCompleted, expected) => {
        expect(shouldPersistDailyMetrics({ goalsCreated, tasksCompleted })).toBe(expected);
      },
    );

    it.each([
      [0, 0],
      [1, 3],
      [2, 4],
      [0, 11],
    ])('when %i goals created and %i tasks completed, then do not persist', (goalsCreated, tasksCompleted) => {
      expect(shouldPersistDailyMetrics({ goalsCreated, tasksCompleted })).toBe(false);
    });
  });

  describe('given a new day', () => {
    it('when started, then every count is zero and the record is valid', () => {
      const metrics = emptyDailyMetrics('user-1', '2025-03-03');
      expect(dailyMetricsSchema.parse(metrics)).toEqual(metrics);
      expect(metrics.tasksCompleted + metrics.goalsCreated + metrics.productivityScore).toBe(0);
    });
  });

  describe('given a day with activity', () => {
    it('when scored, then the productivity score is recomputed from its counts and session time', () => {
      const metrics = {
        ...emptyDailyMetrics('user-1', '2025-03-03'),
        tasksCompleted: 2,
        goalsCompleted: 1,
        sessionDuration: 12,
      };
      expect(withProductivityScore(metrics).productivityScore).toBe(20 + 25 + 10);
    });
  });

  describe('given a malformed record', () => {
    it('when validated, then a bad date or a negative count is rejected', () => {
      const metrics = emptyDailyMetrics('user-1', '2025-03-03');
      expect(dailyMetricsSchema.safeParse({ ...metrics, date: '03/03/2025' }).success).toBe(false);
      expect(dailyMetricsSchema.safeParse({ ...metrics, tasksCreated: -1 }).success).toBe(false);
    });
  });
});
