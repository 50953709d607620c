import { createEvent } from '../shared/create-event';
import { DomainError } from '../shared/domain-error';
import type { Command } from '../shared/event';
import type { TaskList } from './task-events';
import { tasksReordered, type TaskOrderEvent } from './task-order-events';

/** The new order of all of a goal's live tasks, first to last. */
export type ReorderTasks = Command<'ReorderTasks', { taskIds: string[] }>;

/**
 * The ids must be exactly the goal's live tasks, each once: a list that misses a task or names a deleted,
 * unknown or repeated one is refused (the caller's view is stale; it reloads and tries again). The same
 * order as now emits nothing.
 */
export const decideTaskOrder = ({ data }: ReorderTasks, list: TaskList): TaskOrderEvent[] => {
  const live = list.items.filter((task) => task.deletedAt === null).map((task) => task.taskId);
  const { taskIds } = data;
  const seen = new Set<string>();
  for (const taskId of taskIds) {
    if (seen.has(taskId)) throw new DomainError('validation', 'A task is listed twice', { field: 'taskIds', taskId });
    seen.add(taskId);
  }
  const liveSet = new Set(live);
  const unknown = taskIds.filter((taskId) => !liveSet.has(taskId));
  const missing = live.filter((taskId) => !seen.has(taskId));
  if (unknown.length > 0 || missing.length > 0) {
    throw new DomainError('illegal_state', "The order must list exactly the goal's tasks", {
      field: 'taskIds',
      unknown,
      missing,
    });
  }
  if (taskIds.length === 0 || taskIds.every((taskId, index) => live[index] === taskId)) return [];
  return [createEvent(tasksReordered, { taskIds })];
};
