import type { ClientUserData } from '../../lib/current-user';

/** Spec section 4: paths where an inactive subscription does not redirect to /pricing. */
export const INACTIVE_EXEMPT_PATHS = [
  '/pricing',
  '/complete-setup',
  '/payment-success',
  '/user-profile',
  '/admin',
  '/blog',
  '/about',
  '/privacy',
  '/terms',
  '/landing',
  '/',
] as const;

/** A canceled or past_due user on a non-free tier; free users are never blocked. */
export function isSubscriptionInactive(
  user: Pick<ClientUserData, 'subscriptionTier' | 'subscriptionStatus'> | null,
): boolean {
  if (!user || user.subscriptionTier === 'free') return false;
  return user.subscriptionStatus === 'canceled' || user.subscriptionStatus === 'past_due';
}

/** '/' matches only itself; other exempt paths also cover their sub-paths (/blog/a-post, /admin/analytics). */
export function isExemptPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return INACTIVE_EXEMPT_PATHS.some((exempt) =>
    exempt === '/' ? path === '/' : path === exempt || path.startsWith(`${exempt}/`),
  );
}

/** Where to send the user, or null to stay. */
export function inactiveSubscriptionRedirect(
  user: Pick<ClientUserData, 'subscriptionTier' | 'subscriptionStatus'> | null,
  pathname: string,
): '/pricing' | null {
  return isSubscriptionInactive(user) && !isExemptPath(pathname) ? '/pricing' : null;
}
