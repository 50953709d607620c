import { emptyDailyMetrics } from '@stride/domain/analytics/daily-metrics';
import { MAX_METRICS_RANGE_DAYS, type DailyMetricsResponse } from '@stride/domain/contracts/analytics';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { selectDailyMetrics } from '../queries/select-daily-metrics';
import { dayRange } from './date-range';

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** A user's daily metrics for every day of [start, end] (days without a row are zeros), with totals. */
export async function dailyMetricsReport(
  client: AnalyticsClient,
  params: { userId: string; start: string; end: string },
): Promise<DailyMetricsResponse> {
  const range = dayRange(params.start, params.end, MAX_METRICS_RANGE_DAYS);
  const stored = new Map((await selectDailyMetrics(client, params)).map((day) => [day.date, day]));
  const days = range.days.map((date) => stored.get(date) ?? emptyDailyMetrics(params.userId, date));
  const sum = (pick: (day: (typeof days)[number]) => number) => days.reduce((total, day) => total + pick(day), 0);
  return {
    userId: params.userId,
    start: range.start,
    end: range.end,
    days,
    totals: {
      goalsCreated: sum((d) => d.goalsCreated),
      goalsCompleted: sum((d) => d.goalsCompleted),
      tasksCreated: sum((d) => d.tasksCreated),
      tasksCompleted: sum((d) => d.tasksCompleted),
      aiGenerationsUsed: sum((d) => d.aiGenerationsUsed),
      sessionDuration: round(
        sum((d) => d.sessionDuration),
        2,
      ),
      averageProductivityScore: days.length === 0 ? 0 : round(sum((d) => d.productivityScore) / days.length, 1),
      activeDays: days.filter(
        (d) =>
          d.goalsCreated + d.goalsCompleted + d.tasksCreated + d.tasksCompleted + d.aiGenerationsUsed > 0 ||
          d.sessionDuration > 0,
      ).length,
    },
  };
}
