import type { FastifyRequest } from 'fastify';
import { hasProAnalytics, PRO_ANALYTICS_TIERS } from '@stride/domain/plans/limits';
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
 * The pro analytics gate: the caller's effective tier (the one whose limits apply now, from the billing
 * stream, as for AI breakdowns) must include them (pro or team; admins always pass). The 403 carries what
 * the web app needs to open the upgrade dialog.
 */
export async function requireProAnalytics(services: Services, caller: AuthUser, feature: string): Promise<void> {
  if (caller.isAdmin) return;
  const tier = await services.billing.effectiveTier(caller.id);
  if (hasProAnalytics(tier)) return;
  throw new DomainError('plan_required', 'Upgrade to Pro to see your analytics', {
    feature,
    requiredTiers: [...PRO_ANALYTICS_TIERS],
    currentTier: tier,
  });
}
