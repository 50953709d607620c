import type { FastifyRequest } from 'fastify';
import { analyticsDaysFor, ANALYTICS_DASHBOARD_TIERS, hasAnalyticsDashboard } from '@stride/domain/plans/limits';
import { DomainError } from '@stride/domain/shared/domain-error';
import type { Services } from '@stride/application/services';
import { requireUser, type AuthUser } from '../../auth/auth-user';

/** Whose figures a request reads: the caller's own (default), or anyone's for an admin; else 403. */
export function targetUser(
  request: FastifyRequest,
  requestedUserId: string | undefined,
): { caller: AuthUser; userId: string } {
  const caller = requireUser(request);
  const userId = requestedUserId ?? caller.id;
  if (userId !== caller.id && !caller.isAdmin) {
    throw new DomainError('forbidden', 'You can only read your own analytics', { field: 'userId' });
  }
  return { caller, userId };
}

/**
 * The analytics dashboard gate (plan gates, domain/src/plans/plan-features.ts): the caller's effective tier
 * (the one whose limits apply now, from the billing stream, as for AI breakdowns) must include the
 * dashboard, and a range must start within the days it reaches (Starter: the last 30 days; Pro and Team:
 * any). Admins always pass. The 403 carries what the web app needs to open the upgrade dialog.
 */
export async function requireAnalyticsDashboard(
  services: Services,
  caller: AuthUser,
  feature: string,
  range?: { readonly start: string; readonly today: string },
): Promise<void> {
  if (caller.isAdmin) return;
  const tier = await services.billing.effectiveTier(caller.id);
  const planRequired = (message: string, requiredTiers: readonly string[], field?: string) =>
    new DomainError('plan_required', message, {
      feature,
      requiredTiers: [...requiredTiers],
      currentTier: tier,
      ...(field && { field }),
    });
  if (!hasAnalyticsDashboard(tier)) throw planRequired('Upgrade to see your analytics', ANALYTICS_DASHBOARD_TIERS);
  const days = analyticsDaysFor(tier);
  if (range === undefined || days === null) return;
  const earliest = new Date(Date.parse(`${range.today}T00:00:00Z`) - (days - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  if (range.start < earliest) {
    throw planRequired(
      `Your plan's dashboard shows the last ${days} days; upgrade to Pro for any range`,
      ANALYTICS_DASHBOARD_TIERS.filter((candidate) => analyticsDaysFor(candidate) === null),
      'start',
    );
  }
}
