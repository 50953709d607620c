import { z } from 'zod';
import type { EventOf } from '../shared/create-event';
import { defineEvent } from '../shared/event';
import type { TaskList } from './task-events';

/**
 * The order of a goal's tasks (issue 13 item 9, "reorder them"). Until a goal's first TasksReordered its
 * tasks stand in the order they were added; the event carries the whole new order of the goal's live
 * tasks, so replaying it gives the same order whatever came before. Tasks added later go after the ordered
 * ones, in the order they were added.
 */
export const tasksReordered = defineEvent({
  type: 'TasksReordered',
  schemaVersion: 1,
  schema: z.object({ taskIds: z.array(z.string().min(1)).min(1).max(1000) }),
});

export const taskOrderEventDefinitions = [tasksReordered] as const;

export type TaskOrderEvent = EventOf<(typeof taskOrderEventDefinitions)[number]>;

/** The task list in the event's order: the listed tasks first, then the rest (deleted ones) as they were. */
export const evolveTaskOrder = (list: TaskList, event: TaskOrderEvent): TaskList => {
  const rank = new Map(event.data.taskIds.map((taskId, index) => [taskId, index]));
  const listed = list.items
    .filter((task) => rank.has(task.taskId))
    .sort((a, b) => (rank.get(a.taskId) ?? 0) - (rank.get(b.taskId) ?? 0));
  return { ...list, items: [...listed, ...list.items.filter((task) => !rank.has(task.taskId))] };
};
