import { goalEventDefinitions, type GoalEvent } from '@stride/domain/goals/goal-events';
import type { EventRegistry } from '@stride/domain/shared/event-registry';
import { assertNever } from '@stride/domain/shared/event';
import { parseStreamId } from '@stride/domain/stream-ids';
import {
  taskEventDefinitions,
  type TaskEvent,
  type TaskInput,
  type TaskSource,
} from '@stride/domain/tasks/task-events';
import { taskOccurrenceCreated, type TaskPlanningEvent } from '@stride/domain/tasks/task-planning-events';
import { tasksReordered, type TaskOrderEvent } from '@stride/domain/tasks/task-order-events';
import { isoInstant } from '../core/instant';
import { defineProjection, rowRef, type EventEnvelope, type RowRef } from '../core/projection';
import type { RowStore } from '../core/row-store';
import type { JsonValue } from '../core/table';
import { userErased } from '@stride/domain/users/user-events';
import type { EventOf } from '@stride/domain/shared/create-event';
import { goalsTable, tasksTable, type GoalRecord, type TaskRecord } from './goals-tables';

type UserErased = EventOf<typeof userErased>;

const erasedRows = (event: UserErased): RowRef[] =>
  event.data.goals.flatMap(({ goalId, taskIds }) => [
    rowRef(goalsTable, { id: goalId }),
    ...taskIds.map((id) => rowRef(tasksTable, { goal_id: goalId, id })),
  ]);
/** A recurring task's next occurrence is a new task of the goal (its dates: the planner projection). */
type OccurrenceCreated = Extract<TaskPlanningEvent, { type: typeof taskOccurrenceCreated.type }>;
/** What the goals read model handles: goal and task events, the occurrences a series creates, and UserErased
 * (an erased user's goals and tasks leave the read model). */
export type GoalsProjectionEvent = GoalEvent | OccurrenceCreated | TaskOrderEvent | UserErased;

const goalIdOf = (envelope: EventEnvelope): string => parseStreamId(envelope.streamId).id;

const taskIdsOf = (event: TaskEvent): string[] => {
  switch (event.type) {
    case 'TasksBatchGenerated':
      return event.data.tasks.map((task) => task.taskId);
    default:
      return [event.data.taskId];
  }
};

const taskEventTypes = new Set<string>(taskEventDefinitions.map((definition) => definition.type));
const isTaskEvent = (event: GoalsProjectionEvent): event is TaskEvent => taskEventTypes.has(event.type);

export const goalsKeysOf = (event: GoalsProjectionEvent, envelope: EventEnvelope): RowRef[] => {
  if (event.type === 'UserErased') return erasedRows(event);
  const goalId = goalIdOf(envelope);
  const goal = rowRef(goalsTable, { id: goalId });
  if (event.type === 'TaskOccurrenceCreated')
    return [goal, rowRef(tasksTable, { goal_id: goalId, id: event.data.taskId })];
  if (event.type === 'TasksReordered')
    return [goal, ...event.data.taskIds.map((id) => rowRef(tasksTable, { goal_id: goalId, id }))];
  if (!isTaskEvent(event)) return [goal];
  return [goal, ...taskIdsOf(event).map((id) => rowRef(tasksTable, { goal_id: goalId, id }))];
};

const goalChange = (event: Exclude<GoalEvent, TaskEvent>): Partial<GoalRecord> => {
  switch (event.type) {
    case 'GoalCreated':
      throw new Error('GoalCreated creates the row');
    case 'GoalUpdated': {
      const { title, description, category, priority, targetDate } = event.data.changes;
      return {
        ...(title !== undefined && { title }),
        ...(description !== undefined && { description }),
        ...(category !== undefined && { category }),
        ...(priority !== undefined && { priority }),
        ...(targetDate !== undefined && { target_date: targetDate }),
      };
    }
    case 'GoalCompleted':
      return { status: 'completed', completed_at: isoInstant(event.data.completedAt) };
    case 'GoalAbandoned':
      return { status: 'abandoned' };
    case 'GoalReactivated':
      return { status: 'active', completed_at: null };
    case 'GoalDeleted':
      return { deleted_at: isoInstant(event.data.deletedAt) };
    default:
      return assertNever(event);
  }
};

const newTask = (
  goal: GoalRecord,
  task: Omit<TaskInput, 'description'> & { description?: string | null },
  source: TaskSource,
  createdAt: string,
  envelope: EventEnvelope,
  index: number,
): TaskRecord => ({
  goal_id: goal.id,
  id: task.taskId,
  user_id: goal.user_id,
  title: task.title,
  description: task.description ?? null,
  estimated_minutes: task.estimatedMinutes,
  actual_minutes: null,
  energy_level: task.energyLevel,
  status: 'todo',
  source,
  added_position: envelope.globalPosition,
  added_index: index,
  rank_in_goal: null,
  created_at: isoInstant(createdAt),
  updated_at: envelope.recordedAt,
  started_at: null,
  completed_at: null,
  deleted_at: null,
});

/**
 * TasksReordered: each listed task takes its place (rank_in_goal); reads order a goal's tasks by it (the
 * listed ones first, the others after them in the order they were added), as the aggregate's
 * evolveTaskOrder does.
 */
const applyTaskOrder = (rows: RowStore, goalId: string, event: TaskOrderEvent, envelope: EventEnvelope): void => {
  event.data.taskIds.forEach((taskId, index) =>
    rows.update(tasksTable, { goal_id: goalId, id: taskId }, () => ({ rank_in_goal: index })),
  );
  rows.update(goalsTable, { id: goalId }, () => ({ updated_at: envelope.recordedAt, version: envelope.streamVersion }));
};

const addMinutes = (task: TaskRecord, minutes: number | undefined): number | null =>
  minutes === undefined ? task.actual_minutes : (task.actual_minutes ?? 0) + minutes;

/** Mirrors the goal aggregate's evolveTasks (domain/src/tasks/task-events.ts) over rows. */
const applyTaskEvent = (rows: RowStore, goal: GoalRecord, event: TaskEvent, envelope: EventEnvelope): void => {
  const updated_at = envelope.recordedAt;
  const update = (taskId: string, change: (task: TaskRecord) => Partial<TaskRecord>) =>
    rows.update(tasksTable, { goal_id: goal.id, id: taskId }, (task) => ({ ...change(task), updated_at }));
  switch (event.type) {
    case 'TasksBatchGenerated': {
      const { tasks, source, generatedAt, aiMetadata } = event.data;
      tasks.forEach((task, index) => rows.put(tasksTable, newTask(goal, task, source, generatedAt, envelope, index)));
      if (aiMetadata !== null) {
        rows.put(goalsTable, {
          ...goal,
          ai_metadata: JSON.parse(JSON.stringify(aiMetadata)) as Record<string, JsonValue>,
        });
      }
      return;
    }
    case 'TaskAdded': {
      const { addedAt, ...task } = event.data;
      rows.put(tasksTable, newTask(goal, task, 'manual', addedAt, envelope, 0));
      return;
    }
    case 'TaskUpdated': {
      const { title, description, estimatedMinutes, energyLevel } = event.data.changes;
      return update(event.data.taskId, () => ({
        ...(title !== undefined && { title }),
        ...(description !== undefined && { description }),
        ...(estimatedMinutes !== undefined && { estimated_minutes: estimatedMinutes }),
        ...(energyLevel !== undefined && { energy_level: energyLevel }),
      }));
    }
    case 'TaskStarted':
      return update(event.data.taskId, () => ({ status: 'in_progress', started_at: isoInstant(event.data.startedAt) }));
    case 'TaskCompleted':
      return update(event.data.taskId, (task) => ({
        status: 'done',
        completed_at: isoInstant(event.data.completedAt),
        actual_minutes: addMinutes(task, event.data.actualMinutes),
      }));
    case 'TaskReopened':
      return update(event.data.taskId, () => ({ status: 'todo', completed_at: null }));
    case 'TaskTimeLogged':
      return update(event.data.taskId, (task) => ({ actual_minutes: addMinutes(task, event.data.actualMinutes) }));
    case 'TaskDeleted':
      return update(event.data.taskId, () => ({ deleted_at: isoInstant(event.data.deletedAt) }));
    default:
      return assertNever(event);
  }
};

export const applyGoalEvent = (rows: RowStore, event: GoalsProjectionEvent, envelope: EventEnvelope): void => {
  if (event.type === 'UserErased') {
    for (const { goalId, taskIds } of event.data.goals) {
      rows.delete(goalsTable, { id: goalId });
      for (const id of taskIds) rows.delete(tasksTable, { goal_id: goalId, id });
    }
    return;
  }
  const id = goalIdOf(envelope);
  const stamp = { updated_at: envelope.recordedAt, version: envelope.streamVersion };
  if (event.type === 'GoalCreated') {
    const { userId, title, description, category, priority, targetDate, createdAt } = event.data;
    rows.put(goalsTable, {
      id,
      user_id: userId,
      title,
      description,
      category,
      priority,
      target_date: targetDate,
      status: 'active',
      ai_metadata: null,
      created_at: isoInstant(createdAt),
      completed_at: null,
      deleted_at: null,
      ...stamp,
    });
    return;
  }
  const goal = rows.get(goalsTable, { id });
  if (goal === undefined) return; // events of a goal whose creation this log does not hold
  if (event.type === 'TaskOccurrenceCreated') {
    const { seriesId: _series, occurrenceDate: _date, dueDate: _due, createdAt, ...task } = event.data;
    const row = newTask(goal, task, 'template', createdAt, envelope, 0);
    rows.put(tasksTable, row);
    rows.update(goalsTable, { id }, () => stamp);
    return;
  }
  if (event.type === 'TasksReordered') {
    applyTaskOrder(rows, id, event, envelope);
    return;
  }
  if (isTaskEvent(event)) {
    applyTaskEvent(rows, goal, event, envelope);
    rows.update(goalsTable, { id }, () => stamp);
    return;
  }
  rows.put(goalsTable, { ...goal, ...goalChange(event), ...stamp });
};

export const createGoalsProjection = (registry: EventRegistry) =>
  defineProjection<GoalsProjectionEvent>(
    {
      name: 'goals',
      tables: [goalsTable, tasksTable],
      eventTypes: [
        ...goalEventDefinitions,
        ...taskEventDefinitions,
        taskOccurrenceCreated,
        tasksReordered,
        userErased,
      ].map((definition) => definition.type),
      keysOf: goalsKeysOf,
      apply: applyGoalEvent,
    },
    registry,
  );
