import type { ClientUserData } from '../../lib/current-user';

/**
 * Nobody is ever locked out of their goals (docs/decisions.md, "Billing lifecycle: no lock-out"). Past due:
 * full access with the payment banner during the grace period, then Free limits. Canceled: the plan stays
 * until the paid period ends, then Free. The only billing screen left is the notice on /pricing for a
 * subscription that has ended but whose move to Free is not recorded yet; it offers "Continue on Free".
 */
export function hasEndedPlan(user: Pick<ClientUserData, 'subscriptionTier' | 'subscriptionStatus'> | null): boolean {
  return user !== null && user.subscriptionTier !== 'free' && user.subscriptionStatus === 'canceled';
}
