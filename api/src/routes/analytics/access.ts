import type { FastifyRequest } from 'fastify';
import { canUseProAnalytics, PRO_ANALYTICS_TIERS } from '@stride/domain/analytics/pro-analytics';
import { DomainError } from '@stride/domain/shared/domain-error';
import type { Services } from '@stride/application/services';
import { requireUser, type AuthUser } from '../../auth/auth-user';
import { selectUserTier } from '@stride/application/analytics/queries/select-user-tier';

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
 * The pro analytics gate: the caller's plan must include them (pro or team; admins always pass). The 403
 * carries what the web app needs to open the upgrade dialog.
 */
export async function requireProAnalytics(services: Services, caller: AuthUser, feature: string): Promise<void> {
  if (caller.isAdmin) return;
  const tier = await selectUserTier(services.pool, caller.id);
  if (canUseProAnalytics(tier)) return;
  throw new DomainError('plan_required', 'Upgrade to Pro to see your analytics', {
    feature,
    requiredTiers: [...PRO_ANALYTICS_TIERS],
    currentTier: tier,
  });
}
