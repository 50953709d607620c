import { changedFields, isEmpty } from '../shared/changed-fields';
import { createEvent } from '../shared/create-event';
import { DomainError } from '../shared/domain-error';
import { assertNever, type Command } from '../shared/event';
import { batchKeys, newTasksOf, repeatsLastBatch } from './task-dedupe';
import {
  taskCompleted,
  taskDeleted,
  taskReopened,
  tasksBatchGenerated,
  taskStarted,
  taskTimeLogged,
  taskUpdated,
  type Task,
  type TaskChanges,
  type TaskEvent,
  type TaskInput,
  type TaskList,
  type TaskSource,
} from './task-events';

/**
 * Commands on a goal's tasks. They are sent to the goal's stream; the goal decider checks that the goal
 * exists and belongs to the caller, then hands them here with the goal's task list.
 */
export type GenerateTasksBatch = Command<
  'GenerateTasksBatch',
  { batchId: string; source: TaskSource; tasks: TaskInput[]; aiMetadata?: Record<string, unknown> | null }
>;
export type UpdateTask = Command<'UpdateTask', { taskId: string; changes: TaskChanges }>;
export type StartTask = Command<'StartTask', { taskId: string }>;
export type CompleteTask = Command<'CompleteTask', { taskId: string; actualMinutes?: number }>;
export type ReopenTask = Command<'ReopenTask', { taskId: string }>;
export type LogTaskTime = Command<'LogTaskTime', { taskId: string; actualMinutes: number }>;
export type DeleteTask = Command<'DeleteTask', { taskId: string }>;

export type TaskCommand =
  GenerateTasksBatch | UpdateTask | StartTask | CompleteTask | ReopenTask | LogTaskTime | DeleteTask;

/** A task that exists and is not soft-deleted. */
const liveTask = (list: TaskList, taskId: string): Task => {
  const task = list.items.find((candidate) => candidate.taskId === taskId);
  if (!task || task.deletedAt !== null) throw new DomainError('not_found', 'Task not found', { field: 'taskId' });
  return task;
};

const requireNotDone = (task: Task): void => {
  if (task.status === 'done') throw new DomainError('illegal_state', 'Task is already completed');
};

/**
 * Spec section 5: duplicates (same trimmed lower-cased title and estimated minutes) are dropped; an
 * identical batch within one second of the last one is ignored; a batch of only duplicates emits nothing.
 */
const generateBatch = ({ data, metadata }: GenerateTasksBatch, list: TaskList): TaskEvent[] => {
  if (repeatsLastBatch(list.lastBatch, batchKeys(data.tasks), metadata.now)) return [];
  const tasks = newTasksOf(data.tasks, list.items);
  if (tasks.length === 0) return [];
  const { batchId, source, aiMetadata = null } = data;
  return [
    createEvent(tasksBatchGenerated, { batchId, source, tasks, aiMetadata, generatedAt: metadata.now.toISOString() }),
  ];
};

export const decideTask = (command: TaskCommand, list: TaskList): TaskEvent[] => {
  const now = command.metadata.now.toISOString();
  switch (command.type) {
    case 'GenerateTasksBatch':
      return generateBatch(command, list);
    case 'UpdateTask': {
      const { taskId, changes } = command.data;
      const changed = changedFields<TaskChanges>(liveTask(list, taskId), changes);
      return isEmpty(changed) ? [] : [createEvent(taskUpdated, { taskId, changes: changed })];
    }
    case 'StartTask': {
      const task = liveTask(list, command.data.taskId);
      requireNotDone(task);
      return task.status === 'in_progress' ? [] : [createEvent(taskStarted, { taskId: task.taskId, startedAt: now })];
    }
    case 'CompleteTask': {
      const { taskId, actualMinutes } = command.data;
      requireNotDone(liveTask(list, taskId));
      return [
        createEvent(taskCompleted, { taskId, completedAt: now, ...(actualMinutes !== undefined && { actualMinutes }) }),
      ];
    }
    case 'ReopenTask': {
      const task = liveTask(list, command.data.taskId);
      if (task.status !== 'done') throw new DomainError('illegal_state', 'Task is not completed');
      return [createEvent(taskReopened, { taskId: task.taskId })];
    }
    case 'LogTaskTime': {
      const { taskId, actualMinutes } = command.data;
      liveTask(list, taskId);
      return [createEvent(taskTimeLogged, { taskId, actualMinutes })];
    }
    case 'DeleteTask': {
      const { taskId } = liveTask(list, command.data.taskId);
      return [createEvent(taskDeleted, { taskId, deletedAt: now })];
    }
    default:
      return assertNever(command);
  }
};
