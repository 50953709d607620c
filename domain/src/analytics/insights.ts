import type { UserMetrics } from './user-metrics';

/**
 * Insights shown on the analytics dashboard (spec section 9):
 * - task completion under 50% suggests smaller tasks;
 * - task completion over 80% is an achievement;
 * - a daily-active streak over 7 days is an achievement.
 * Between 50% and 80% nothing is said about completion. Rates are fractions (0.8 = 80%).
 */

export const insightKindValues = ['suggestion', 'achievement', 'info'] as const;
export type InsightKind = (typeof insightKindValues)[number];

export const insightCodeValues = ['smaller_tasks', 'high_completion_rate', 'active_streak'] as const;
export type InsightCode = (typeof insightCodeValues)[number];

export interface Insight {
  readonly kind: InsightKind;
  readonly code: InsightCode;
  readonly title: string;
  readonly message: string;
}

export const INSIGHT_THRESHOLDS = {
  lowCompletionBelow: 0.5,
  highCompletionAbove: 0.8,
  streakAboveDays: 7,
} as const;

const percent = (value: number): string => `${Math.round(value * 100)}%`;

export function insightsFor(metrics: Pick<UserMetrics, 'taskCompletionRate' | 'dailyActiveStreak'>): Insight[] {
  const insights: Insight[] = [];
  const { taskCompletionRate: completion, dailyActiveStreak: streak } = metrics;

  if (completion < INSIGHT_THRESHOLDS.lowCompletionBelow) {
    insights.push({
      kind: 'suggestion',
      code: 'smaller_tasks',
      title: 'Try smaller tasks',
      message: `You complete ${percent(completion)} of your tasks. Breaking goals into smaller tasks makes them easier to finish.`,
    });
  } else if (completion > INSIGHT_THRESHOLDS.highCompletionAbove) {
    insights.push({
      kind: 'achievement',
      code: 'high_completion_rate',
      title: 'Great follow-through',
      message: `You complete ${percent(completion)} of your tasks. Keep it up!`,
    });
  }

  if (streak > INSIGHT_THRESHOLDS.streakAboveDays) {
    insights.push({
      kind: 'achievement',
      code: 'active_streak',
      title: `${streak}-day streak`,
      message: `You have been active ${streak} days in a row.`,
    });
  }

  return insights;
}
