import { goalMetricsFromState, type GoalMetricsFigures } from '@stride/domain/analytics/goal-metrics';
import { evolve, initialState, type GoalState, type GoalStreamEvent } from '@stride/domain/goals/goal-events';
import { taskPlanningEventDefinitions } from '@stride/domain/tasks/task-planning-events';
import type { EventRegistry } from '@stride/domain/shared/event-registry';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { selectGoalEvents } from '../queries/select-goal-events';

const GOAL_STREAM_TYPES = new Set([
  'GoalCreated',
  'GoalUpdated',
  'GoalCompleted',
  'GoalAbandoned',
  'GoalReactivated',
  'GoalDeleted',
  'TasksBatchGenerated',
  'TaskAdded',
  'TaskUpdated',
  'TaskStarted',
  'TaskCompleted',
  'TaskReopened',
  'TaskTimeLogged',
  'TaskDeleted',
  // Dates and recurrence: an occurrence a series created is a task of the goal like the others.
  ...taskPlanningEventDefinitions.map((definition) => definition.type),
]);

/**
 * A goal's metrics, by replaying its events from the analytics store through the goal aggregate's own
 * `evolve`; null when the store has no such goal. The caller checks `userId` against the requester.
 */
export async function goalMetricsReport(
  client: AnalyticsClient,
  registry: EventRegistry,
  goalId: string,
): Promise<GoalMetricsFigures | null> {
  let state: GoalState = initialState();
  let aiBreakdowns = 0;
  for (const row of await selectGoalEvents(client, { goalId })) {
    if (!GOAL_STREAM_TYPES.has(row.type)) continue;
    const event = registry.upcast({
      type: row.type,
      schemaVersion: registry.schemaVersionOf(row.type),
      data: row.data,
    }) as GoalStreamEvent;
    if (event.type === 'TasksBatchGenerated' && event.data.source === 'ai') aiBreakdowns += 1;
    state = evolve(state, event);
  }
  return state === null ? null : goalMetricsFromState(state, aiBreakdowns);
}
