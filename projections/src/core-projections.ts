import { eventRegistry as defaultRegistry } from '@stride/domain/event-catalogue';
import type { EventRegistry } from '@stride/domain/shared/event-registry';
import { createCalendarFeedsProjection } from './calendar/calendar-feeds-projection';
import { createCollectionsProjection } from './collections/collections-projection';
import type { Projection } from './core/projection';
import { createGoalsProjection } from './goals/goals-projection';
import { createPlannerProjection } from './planner/planner-projection';
import { createSubtasksProjection } from './subtasks/subtasks-projection';
import { createTemplatesProjection } from './templates/templates-projection';
import { createUsageProjection } from './usage/usage-projection';
import { createUsersProjection } from './users/users-projection';

export const coreProjectionNames = [
  'users',
  'usage',
  'goals',
  'collections',
  'subtasks',
  'planner',
  'calendar',
  'templates',
] as const;
export type CoreProjectionName = (typeof coreProjectionNames)[number];

/** The read models of the core API, in a stable order. */
export const createCoreProjections = (registry: EventRegistry = defaultRegistry): Projection[] => [
  createUsersProjection(registry),
  createUsageProjection(registry),
  createGoalsProjection(registry),
  createCollectionsProjection(registry),
  createSubtasksProjection(registry),
  createPlannerProjection(registry),
  createCalendarFeedsProjection(registry),
  createTemplatesProjection(registry),
];
