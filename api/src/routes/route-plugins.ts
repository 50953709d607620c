import auditRoutes from './audit/routes';
import breakdownRoutes from './breakdown/routes';
import collectionRoutes from './collections/routes';
import configRoutes from './config/routes';
import dbQueryRoutes from './db-query/routes';
import devAuthRoutes from './dev-auth/routes';
import goalRoutes from './goals/routes';
import healthRoutes from './health/routes';
import plansRoutes from './plans/routes';
import type { RoutePlugin } from './route-plugin';
import stripeRoutes from './stripe/routes';
import taskRoutes from './tasks/routes';
import usageRoutes from './usage/routes';
import userRoutes from './user/routes';
import adminRoutes from './admin/routes';
import analyticsRoutes from './analytics/routes';

export type { RoutePlugin } from './route-plugin';

/**
 * Every route plugin of the API, by feature folder (`routes/<feature>/routes.ts` default-exports the
 * plugin). To add a feature, append one line: `{ prefix: '/api/stripe', plugin: stripeRoutes },`.
 * Authentication is not a per-route choice: every /api route requires a bearer token unless it is listed
 * in auth/public-routes.ts.
 */
export const routePlugins: readonly RoutePlugin[] = [
  { prefix: '/api', plugin: healthRoutes },
  { prefix: '/api', plugin: configRoutes },
  { prefix: '/api/dev', plugin: devAuthRoutes, enabled: (config) => config.AUTH_MODE === 'dev' },
  { prefix: '/api/user', plugin: userRoutes },
  { prefix: '/api/usage', plugin: usageRoutes },
  { prefix: '/api/goals', plugin: goalRoutes },
  { prefix: '/api', plugin: taskRoutes },
  { prefix: '/api/collections', plugin: collectionRoutes },
  { prefix: '/api/db', plugin: dbQueryRoutes },
  { prefix: '/api/audit', plugin: auditRoutes },
  { prefix: '/api/plans', plugin: plansRoutes },
  { prefix: '/api/stripe', plugin: stripeRoutes },
  { prefix: '/api/goals', plugin: breakdownRoutes },
  { prefix: '/api/analytics', plugin: analyticsRoutes },
  { prefix: '/api/admin', plugin: adminRoutes },
];
