/**
 * The /api routes that need no bearer token (everything else under /api does). Matched against the route
 * pattern Fastify matched (so a crafted URL cannot borrow a public route's path), or the path for 404s.
 */
const publicRoutes: readonly RouteMatcher[] = [
  exact('/api/health'),
  exact('/api/config'),
  exact('/api/dev/sign-in'),
  exact('/api/plans'),
  // Signed-out visitors' page views (issue 13, item 15): the route refuses everything else without a user.
  exact('/api/analytics/events'),
  prefix('/api/plans/'),
  exact('/api/stripe/webhook'),
  prefix('/api/stripe/test-checkout'),
];

/** Called by Stripe or opened by a browser navigation: no API key, no request signature. */
const externalRoutes: readonly RouteMatcher[] = [
  exact('/api/health'),
  exact('/api/stripe/webhook'),
  prefix('/api/stripe/test-checkout'),
];

/**
 * What an erased user's token may still call: the erasure itself, so that a retry of "Delete my account"
 * (a lost response) replays its answer. Every other route refuses it (account_deleted, auth-hooks.ts).
 */
const routesOfErasedUsers: readonly RouteMatcher[] = [exact('/api/user/delete-my-account')];

type RouteMatcher = (route: string) => boolean;

function exact(path: string): RouteMatcher {
  return (route) => route === path;
}

function prefix(path: string): RouteMatcher {
  return (route) => route.startsWith(path);
}

export const isApiRoute = (route: string): boolean => route === '/api' || route.startsWith('/api/');
export const isPublicRoute = (route: string): boolean => publicRoutes.some((matches) => matches(route));
export const isExternalRoute = (route: string): boolean => externalRoutes.some((matches) => matches(route));
export const acceptsErasedUser = (route: string): boolean => routesOfErasedUsers.some((matches) => matches(route));
