import auditRoutes from './audit/routes';
import calendarRoutes from './calendar/routes';
import collectionRoutes from './collections/routes';
import configRoutes from './config/routes';
import dbQueryRoutes from './db/routes';
import devAuthRoutes from './dev/routes';
import goalBreakdownRoutes from './goals/breakdown-routes';
import goalDraftRoutes from './goals/draft-routes';
import goalSubtaskRoutes from './goals/subtask-routes';
import goalRoutes from './goals/routes';
import goalTaskRoutes from './goals/task-routes';
import goalTaskPlanningRoutes from './goals/task-planning-routes';
import healthRoutes from './health/routes';
import plannerRoutes from './planner/routes';
import plansRoutes from './plans/routes';
import type { RoutePlugin } from './route-plugin';
import stripeRoutes from './stripe/routes';
import taskRoutes from './tasks/routes';
import templateRoutes from './templates/routes';
import usageRoutes from './usage/routes';
import userRoutes from './user/routes';
import adminRoutes from './admin/routes';
import analyticsRoutes from './analytics/routes';

export type { RoutePlugin } from './route-plugin';

/**
 * Every route plugin of the API, by folder: the folder is the URL prefix (`routes/goals` serves
 * `/api/goals/...`, a goal's tasks and breakdown included; `routes/db` serves `/api/db/...`), and each
 * plugin file default-exports its plugin. To add a feature, append one line:
 * `{ prefix: '/api/stripe', plugin: stripeRoutes },`.
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
  { prefix: '/api/goals', plugin: goalTaskRoutes },
  { prefix: '/api/goals', plugin: goalTaskPlanningRoutes },
  { prefix: '/api/goals', plugin: goalBreakdownRoutes },
  { prefix: '/api/goals', plugin: goalDraftRoutes },
  { prefix: '/api/goals', plugin: goalSubtaskRoutes },
  { prefix: '/api/tasks', plugin: taskRoutes },
  { prefix: '/api/planner', plugin: plannerRoutes },
  { prefix: '/api/collections', plugin: collectionRoutes },
  { prefix: '/api/templates', plugin: templateRoutes },
  { prefix: '/api/db', plugin: dbQueryRoutes },
  { prefix: '/api/audit', plugin: auditRoutes },
  { prefix: '/api/plans', plugin: plansRoutes },
  { prefix: '/api/stripe', plugin: stripeRoutes },
  { prefix: '/api/analytics', plugin: analyticsRoutes },
  { prefix: '/api/admin', plugin: adminRoutes },
  // The private iCalendar feed: outside /api, its token is its credential (routes/calendar/routes.ts).
  { prefix: '/calendar', plugin: calendarRoutes },
];
