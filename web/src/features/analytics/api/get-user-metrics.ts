import { queryOptions, useQuery } from '@tanstack/react-query';
import { userMetricsResponseSchema, type UserMetricsResponse } from '@stride/domain/contracts/analytics';
import { engagementScore } from '@stride/domain/analytics/engagement-score';
import { insightsFor } from '@stride/domain/analytics/insights';
import { daysBetween } from '@stride/domain/analytics/user-metrics';
import { localDateOf } from '@stride/domain/dates/local-date';
import { apiClient, isApiError } from '../../../lib/api-client';
import { analyticsKeys } from './keys';
import { getUserMetricsSimple } from './get-user-metrics-simple';

export const isPlanRequired = (error: unknown): boolean =>
  isApiError(error) && error.status === 403 && error.code === 'plan_required';

/**
 * GET /api/analytics/user-metrics?userId (pro): metrics, engagement score and insights. When it fails for
 * any reason other than the plan, falls back to /api/analytics/user-metrics-simple and derives the
 * engagement score and insights locally with the same domain rules.
 */
export async function getUserMetrics(
  userId: string,
  timeZone: string,
  signal?: AbortSignal,
): Promise<UserMetricsResponse> {
  try {
    return await apiClient.get('/analytics/user-metrics', {
      schema: userMetricsResponseSchema,
      query: { userId },
      signal,
    });
  } catch (error) {
    if (signal?.aborted || isPlanRequired(error) || (isApiError(error) && error.status === 401)) throw error;
    const simple = await getUserMetricsSimple(userId, signal);
    const { userId: id, ...metrics } = simple;
    const today = localDateOf(new Date(), timeZone);
    return {
      userId: id,
      asOf: today,
      metrics,
      engagement: engagementScore({
        taskCompletionRate: metrics.taskCompletionRate,
        dailyActiveStreak: metrics.dailyActiveStreak,
        goalProgress: metrics.goalCompletionRate,
        aiGenerationsUsed: metrics.aiGenerationsUsed,
        daysSinceLastActive: metrics.lastActiveDate ? daysBetween(metrics.lastActiveDate, today) : null,
      }),
      insights: insightsFor(metrics),
    };
  }
}

export const userMetricsQueryOptions = (userId: string, timeZone: string) =>
  queryOptions({
    queryKey: analyticsKeys.user(userId),
    queryFn: ({ signal }) => getUserMetrics(userId, timeZone, signal),
    retry: (count, error) => count < 1 && !isPlanRequired(error),
  });

export const useUserMetrics = (userId: string, timeZone: string, enabled = true) =>
  useQuery({ ...userMetricsQueryOptions(userId, timeZone), enabled: enabled && Boolean(userId) });
