import { useMemo, useState } from 'react';
import { insightsFor } from '@stride/domain/analytics/insights';
import { DateRangePicker } from '../../../components/date-range-picker';
import { PageHeader } from '../../../components/page-header';
import { SectionErrorBoundary } from '../../../components/section-error-boundary';
import { PageLoading } from '../../../components/spinner';
import { StatCard } from '../../../components/stat-card';
import { isApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDailyMetrics } from '../api/get-daily-metrics';
import { useUserMetrics } from '../api/get-user-metrics';
import { isValidRange, lastDays, RANGE_PRESETS, type DateRange } from '../lib/date-range';
import { buildSeries, formatHour, totals } from '../lib/series';
import { CompletionRatesChart, DailyActivityChart, EngagementTrendChart, ProductivityTrendChart } from './analytics-charts';
import { ProAnalyticsPreview } from './pro-analytics-preview';

const isPlanRequired = (error: unknown) => isApiError(error) && error.status === 403;
const pct = (value: number) => `${Math.round(value * 100)}%`;

/** /analytics: the pro dashboard; users without the plan see what they would get. */
export function AnalyticsPage() {
  useDocumentTitle('Analytics');
  const { user } = useCurrentUser();
  const userId = user?.id ?? '';
  const [range, setRange] = useState<DateRange>(() => lastDays(30));
  const metrics = useUserMetrics(userId);
  const daily = useDailyMetrics(userId, range, isValidRange(range) && !isPlanRequired(metrics.error));
  const planRequired = isPlanRequired(metrics.error) || isPlanRequired(daily.error);

  const points = useMemo(
    () => (daily.data ? buildSeries(range, daily.data, userId, metrics.data?.goalCompletionRate ?? 0) : []),
    [daily.data, range, userId, metrics.data?.goalCompletionRate],
  );
  const sums = totals(points);
  const insights = metrics.data ? insightsFor(metrics.data) : [];

  return (
    <div className="page page--wide">
      <PageHeader
        eyebrow={
          <>
            Analytics <span className="pro-tag">PRO</span>
          </>
        }
        title="Your progress, in numbers"
        subtitle="Trends from your goals, tasks and sessions."
        actions={planRequired ? null : <DateRangePicker value={range} onChange={setRange} presets={RANGE_PRESETS} makePreset={(d) => lastDays(d)} />}
      />
      {planRequired ? (
        <ProAnalyticsPreview />
      ) : metrics.isPending || daily.isPending ? (
        <PageLoading label="Crunching your numbers…" />
      ) : metrics.isError || daily.isError ? (
        <p className="form-error" role="alert">
          Analytics could not be loaded: {(metrics.error ?? daily.error)?.message}
        </p>
      ) : (
        <div className="analytics" data-testid="analytics-dashboard">
          <div className="stat-grid">
            <StatCard icon="🔥" label="Day streak" value={metrics.data.dailyActiveStreak} hint={metrics.data.lastActiveDate ? `Last active ${metrics.data.lastActiveDate}` : 'Not active yet'} />
            <StatCard icon="✅" label="Task completion" value={pct(metrics.data.taskCompletionRate)} hint={`${sums.tasksCompleted} tasks done in range`} />
            <StatCard icon="🎯" label="Goal completion" value={pct(metrics.data.goalCompletionRate)} hint={`${metrics.data.completedGoals} completed · ${metrics.data.abandonedGoals} abandoned`} />
            <StatCard icon="⏰" label="Most productive hour" value={formatHour(metrics.data.mostProductiveHour)} hint="When you complete the most tasks" />
            <StatCard icon="✨" label="AI breakdowns" value={metrics.data.aiGenerationsUsed} hint={`${sums.aiGenerationsUsed} in range`} />
          </div>
          {insights.length > 0 ? (
            <section className="insights" aria-labelledby="insights-title">
              <h2 id="insights-title" className="section-title">
                Insights
              </h2>
              <ul className="insights__list">
                {insights.map((insight) => (
                  <li key={insight.code} className={`insight insight--${insight.kind}`}>
                    <span className="insight__icon" aria-hidden="true">
                      {insight.kind === 'achievement' ? '🏆' : insight.kind === 'suggestion' ? '💡' : 'ℹ️'}
                    </span>
                    <div>
                      <p className="insight__title">{insight.title}</p>
                      <p className="insight__text">{insight.message}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ) : (
            <p className="muted">Keep completing tasks — personal insights appear as patterns emerge.</p>
          )}
          <SectionErrorBoundary name="analytics-charts">
            <div className="chart-grid">
              <DailyActivityChart points={points} />
              <ProductivityTrendChart points={points} />
              <EngagementTrendChart points={points} />
              <CompletionRatesChart metrics={metrics.data} />
            </div>
          </SectionErrorBoundary>
        </div>
      )}
    </div>
  );
}
