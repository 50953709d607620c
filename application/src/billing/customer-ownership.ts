import type { StripeCustomer } from './stripe/stripe-objects';

/**
 * Whose Stripe customer this is, as far as a user acting on it is concerned:
 * - own: Stripe's metadata or Stride's log ties it to this user;
 * - unclaimed: tied to nobody (paid outside Stride's checkout, e.g. through a payment link);
 * - other: tied to another user. Never shown, opened or synced for this user.
 */
export type CustomerOwnership = 'own' | 'unclaimed' | 'other';

export function customerOwnership(
  customer: StripeCustomer,
  userId: string,
  linkedUserId: string | null,
): CustomerOwnership {
  const declared = customer.metadata.userId ?? null;
  if (declared === userId || linkedUserId === userId) return 'own';
  if (declared !== null || linkedUserId !== null) return 'other';
  return 'unclaimed';
}

/**
 * Two emails are the same address only when they are exactly equal (issue 11): an unclaimed Stripe customer
 * is claimed only by the user whose verified email it carries, and `Ann@x` is not `ann@x` (a mailbox's
 * local part may be case-sensitive, and Stripe's email filter is). An empty or missing email is never the
 * same as anything.
 */
export const sameEmail = (a: string | null | undefined, b: string | null | undefined): boolean =>
  typeof a === 'string' && typeof b === 'string' && a.trim() !== '' && a === b;
