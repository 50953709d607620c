import { useMemo, useState } from 'react';
import { analyticsDaysFor, hasAnalyticsDashboard } from '@stride/domain/plans/limits';
import { DateRangePicker } from '../../../components/date-range-picker';
import { PageHeader } from '../../../components/page-header';
import { SectionErrorBoundary } from '../../../components/section-error-boundary';
import { PageLoading } from '../../../components/spinner';
import { StatCard } from '../../../components/stat-card';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDate, formatMinutes } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDailyMetrics } from '../api/get-daily-metrics';
import { isPlanRequired, useUserMetrics } from '../api/get-user-metrics';
import { DEFAULT_TIME_ZONE } from '@stride/domain/users/user-time-zone';
import { accountStartDay, checkRange, lastDays, RANGE_PRESETS, type DateRange } from '../lib/date-range';
import { buildSeries, formatHour } from '../lib/series';
import {
  CompletionRatesChart,
  DailyActivityChart,
  EngagementTrendChart,
  ProductivityTrendChart,
} from './analytics-charts';
import { ProAnalyticsPreview } from './pro-analytics-preview';
import { Icon } from '../../../components/icon';
import { LoadErrorNotice } from '../../../components/load-error-notice';

const pct = (value: number) => `${Math.round(value * 100)}%`;

/**
 * The first instant the dashboard may show: the account's creation, or the start of the plan's reach (that
 * many days back from now, today included) if later.
 */
function earliestInstant(createdAt: string | null | undefined, reach: number | null): string | undefined {
  if (reach === null) return createdAt ?? undefined;
  const reachStart = new Date(Date.now() - (reach - 1) * 86_400_000).toISOString();
  return !createdAt || createdAt < reachStart ? reachStart : createdAt;
}

/**
 * /analytics: the pro dashboard. It asks only what the screen can show: users whose plan has no
 * dashboard see what they would get (from the every-tier simple metrics) and never call the pro
 * endpoints (no 403s); a 403 plan_required from the server still falls back to the same preview.
 */
export function AnalyticsPage() {
  useDocumentTitle('Analytics');
  const { user } = useCurrentUser();
  const userId = user?.id ?? '';
  const entitled = hasAnalyticsDashboard(user?.subscriptionTier);
  const timeZone = user?.timeZone ?? DEFAULT_TIME_ZONE;
  // Starter's dashboard reaches back a fixed number of days; Pro's any range (domain/src/plans/plan-features.ts).
  const reach = analyticsDaysFor(user?.subscriptionTier);
  const presets = RANGE_PRESETS.filter((preset) => reach === null || preset.days <= reach);
  const [range, setRange] = useState<DateRange>(() => lastDays(30, timeZone));
  const earliest = earliestInstant(user?.createdAt, reach);
  const check = checkRange(range, earliest, timeZone);
  const drawn = check.ok ? check.range : null;
  const metrics = useUserMetrics(userId, timeZone, entitled);
  const daily = useDailyMetrics(userId, drawn ?? range, entitled && drawn !== null && !isPlanRequired(metrics.error));
  const planRequired = !entitled || isPlanRequired(metrics.error) || isPlanRequired(daily.error);

  const points = useMemo(
    () =>
      daily.data && drawn
        ? buildSeries(drawn, daily.data.days, userId, metrics.data?.metrics.goalCompletionRate ?? 0)
        : [],
    [daily.data, drawn?.start, drawn?.end, userId, metrics.data?.metrics.goalCompletionRate],
  );

  return (
    <div className="page page--wide">
      <PageHeader
        eyebrow={<>Analytics {reach === null ? <span className="pro-tag">PRO</span> : null}</>}
        title="Your progress, in numbers"
        subtitle="Trends from your goals, tasks and sessions."
        actions={
          planRequired ? null : (
            <DateRangePicker
              value={range}
              onChange={setRange}
              presets={presets}
              makePreset={(d) => lastDays(d, timeZone)}
              minDate={accountStartDay(earliest, timeZone) ?? undefined}
              invalid={!check.ok && check.reason === 'from-after-to'}
            />
          )
        }
      />
      {planRequired ? (
        <ProAnalyticsPreview userId={userId} />
      ) : !check.ok ? (
        <p className="form-error" role="alert" data-testid="range-error">
          {check.message}
        </p>
      ) : metrics.isPending || daily.isPending ? (
        <PageLoading label="Crunching your numbers…" />
      ) : metrics.isError || daily.isError ? (
        <LoadErrorNotice
          what="your analytics"
          error={metrics.error ?? daily.error}
          onRetry={() => {
            if (metrics.isError) void metrics.refetch();
            if (daily.isError) void daily.refetch();
          }}
          retrying={metrics.isFetching || daily.isFetching}
        />
      ) : (
        <div className="analytics" data-testid="analytics-dashboard">
          {check.clipped ? (
            <p className="muted small analytics__note" data-testid="range-clipped">
              Showing {formatDate(check.range.start)} onwards: your account did not exist before then.
            </p>
          ) : null}
          <div className="stat-grid">
            <StatCard
              icon={<Icon name="flame" />}
              label="Day streak"
              value={metrics.data.metrics.dailyActiveStreak}
              hint={
                metrics.data.metrics.lastActiveDate
                  ? `Last active ${formatDate(metrics.data.metrics.lastActiveDate)}`
                  : 'Not active yet'
              }
            />
            <StatCard
              icon={<Icon name="checkCircle" />}
              label="Task completion"
              value={pct(metrics.data.metrics.taskCompletionRate)}
              hint={`${daily.data.totals.tasksCompleted} ${daily.data.totals.tasksCompleted === 1 ? 'task' : 'tasks'} done in range`}
            />
            <StatCard
              icon={<Icon name="target" />}
              label="Goal completion"
              value={pct(metrics.data.metrics.goalCompletionRate)}
              hint={`${metrics.data.metrics.completedGoals} completed · ${metrics.data.metrics.abandonedGoals} abandoned`}
            />
            <StatCard
              icon={<Icon name="clock" />}
              label="Most productive hour"
              value={formatHour(metrics.data.metrics.mostProductiveHour)}
              hint={`When you complete the most tasks (${timeZone.replaceAll('_', ' ')} time)`}
            />
            <StatCard
              icon={<Icon name="barChart" />}
              label="Engagement score"
              value={metrics.data.engagement.score}
              hint="0–100: completion, streak, progress, AI use, recency"
            />
            <StatCard
              icon={<Icon name="zap" />}
              label="Avg. productivity"
              value={daily.data.totals.averageProductivityScore}
              hint={`${daily.data.totals.activeDays} active ${daily.data.totals.activeDays === 1 ? 'day' : 'days'} · ${formatMinutes(Math.round(daily.data.totals.sessionDuration))} in Stride`}
            />
          </div>
          {metrics.data.insights.length > 0 ? (
            <section className="insights" aria-labelledby="insights-title">
              <h2 id="insights-title" className="section-title">
                Insights
              </h2>
              <ul className="insights__list">
                {metrics.data.insights.map((insight) => (
                  <li key={insight.code} className={`insight insight--${insight.kind}`}>
                    <span className="insight__icon" aria-hidden="true">
                      <Icon
                        name={
                          insight.kind === 'achievement'
                            ? 'trophy'
                            : insight.kind === 'suggestion'
                              ? 'lightbulb'
                              : 'info'
                        }
                        size={22}
                      />
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
            <p className="muted insights">Keep completing tasks — personal insights appear as patterns emerge.</p>
          )}
          <SectionErrorBoundary name="analytics-charts">
            <div className="chart-grid">
              <DailyActivityChart points={points} />
              <ProductivityTrendChart points={points} />
              <EngagementTrendChart points={points} />
              <CompletionRatesChart metrics={metrics.data.metrics} />
            </div>
          </SectionErrorBoundary>
        </div>
      )}
    </div>
  );
}
