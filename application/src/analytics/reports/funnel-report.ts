import { funnelFromLevels, parseFunnelSteps } from '@stride/domain/analytics/funnel-report';
import type { FunnelQuery, FunnelResponse } from '@stride/domain/contracts/analytics';
import { DomainError } from '@stride/domain/shared/domain-error';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { selectFunnelLevels } from '../queries/select-funnel-levels';
import { dayRange } from './date-range';

export const MAX_REPORT_RANGE_DAYS = 731;

/** The admin funnel: users entering in [start, end] and how far they got within the window. */
export async function funnelReport(client: AnalyticsClient, query: FunnelQuery): Promise<FunnelResponse> {
  const range = dayRange(query.start, query.end, MAX_REPORT_RANGE_DAYS);
  let steps;
  try {
    steps = parseFunnelSteps(query.steps);
  } catch (error) {
    throw new DomainError('validation', (error as Error).message, { field: 'steps' });
  }
  const counts = await selectFunnelLevels(client, {
    steps,
    from: range.from,
    entryEnd: range.to,
    windowMs: query.windowHours * 3_600_000,
    breakdown: query.breakdown,
  });
  const byKey = new Map<string, Map<number, number>>();
  const total = new Map<number, number>();
  for (const { key, level, users } of counts) {
    const levels = byKey.get(key) ?? new Map<number, number>();
    levels.set(level, (levels.get(level) ?? 0) + users);
    byKey.set(key, levels);
    total.set(level, (total.get(level) ?? 0) + users);
  }
  const groups =
    query.breakdown === 'none'
      ? []
      : [...byKey]
          .map(([key, levels]) => ({ key, steps: funnelFromLevels(steps, levels) }))
          .sort((a, b) => (b.steps[0]?.users ?? 0) - (a.steps[0]?.users ?? 0) || a.key.localeCompare(b.key));
  return {
    start: range.start,
    end: range.end,
    windowHours: query.windowHours,
    breakdown: query.breakdown,
    total: funnelFromLevels(steps, total),
    groups,
  };
}
