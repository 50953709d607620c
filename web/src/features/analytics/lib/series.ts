import { emptyDailyMetrics, type DailyMetrics } from '@stride/domain/analytics/daily-metrics';
import { engagementScore } from '@stride/domain/analytics/engagement-score';
import { daysOf, type DateRange } from './date-range';

export interface DayPoint extends DailyMetrics {
  readonly label: string;
  readonly productivityAvg: number;
  readonly engagement: number;
}

const labelFormatter = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * One point per day of the range (days without metrics are zeros), with a 7-day moving average of the
 * productivity score and a running engagement score (spec section 9 weights) for the trend charts.
 */
export function buildSeries(
  range: DateRange,
  metrics: readonly DailyMetrics[],
  userId: string,
  goalCompletionRate: number,
): DayPoint[] {
  const byDay = new Map(metrics.map((m) => [m.date, m]));
  const days = daysOf(range);
  const points: DayPoint[] = [];
  let streak = 0;
  let lastActive: number | null = null;
  let tasksCreated = 0;
  let tasksCompleted = 0;
  let aiUsed = 0;
  days.forEach((day, index) => {
    const m = byDay.get(day) ?? emptyDailyMetrics(userId, day);
    const active =
      m.tasksCompleted + m.goalsCreated + m.goalsCompleted + m.aiGenerationsUsed > 0 || m.sessionDuration > 0;
    streak = active ? streak + 1 : 0;
    if (active) lastActive = index;
    tasksCreated += m.tasksCreated;
    tasksCompleted += m.tasksCompleted;
    aiUsed += m.aiGenerationsUsed;
    const window = points.slice(Math.max(0, index - 6)).map((p) => p.productivityScore);
    window.push(m.productivityScore);
    const engagement = engagementScore({
      taskCompletionRate: tasksCreated === 0 ? 0 : Math.min(1, tasksCompleted / tasksCreated),
      dailyActiveStreak: streak,
      goalProgress: goalCompletionRate,
      aiGenerationsUsed: aiUsed,
      daysSinceLastActive: lastActive === null ? null : index - lastActive,
    }).score;
    points.push({
      ...m,
      label: labelFormatter.format(new Date(`${day}T00:00:00Z`)),
      productivityAvg: Math.round((window.reduce((a, b) => a + b, 0) / window.length) * 10) / 10,
      engagement,
    });
  });
  return points;
}

export function totals(points: readonly DailyMetrics[]) {
  return points.reduce(
    (acc, p) => ({
      goalsCreated: acc.goalsCreated + p.goalsCreated,
      goalsCompleted: acc.goalsCompleted + p.goalsCompleted,
      tasksCreated: acc.tasksCreated + p.tasksCreated,
      tasksCompleted: acc.tasksCompleted + p.tasksCompleted,
      aiGenerationsUsed: acc.aiGenerationsUsed + p.aiGenerationsUsed,
      sessionDuration: acc.sessionDuration + p.sessionDuration,
    }),
    {
      goalsCreated: 0,
      goalsCompleted: 0,
      tasksCreated: 0,
      tasksCompleted: 0,
      aiGenerationsUsed: 0,
      sessionDuration: 0,
    },
  );
}

export function formatHour(hour: number | null): string {
  if (hour === null) return '—';
  const suffix = hour < 12 ? 'am' : 'pm';
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}${suffix}`;
}
