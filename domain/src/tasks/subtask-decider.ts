import { createEvent } from '../shared/create-event';
import { DomainError } from '../shared/domain-error';
import { assertNever, type Command } from '../shared/event';
import {
  SUBTASKS_PER_TASK_MAX,
  subtaskCompleted,
  subtaskRemoved,
  subtaskReopened,
  taskBrokenDown,
  type Subtask,
  type SubtaskEvent,
  type SubtaskInput,
  type SubtaskList,
} from './subtask-events';
import type { Task, TaskList } from './task-events';

export type BreakDownTask = Command<
  'BreakDownTask',
  { taskId: string; subtasks: SubtaskInput[]; aiMetadata?: Record<string, unknown> | null }
>;
export type CompleteSubtask = Command<'CompleteSubtask', { taskId: string; subtaskId: string }>;
export type ReopenSubtask = Command<'ReopenSubtask', { taskId: string; subtaskId: string }>;
export type RemoveSubtask = Command<'RemoveSubtask', { taskId: string; subtaskId: string }>;

export type SubtaskCommand = BreakDownTask | CompleteSubtask | ReopenSubtask | RemoveSubtask;

export const subtaskCommandTypes: readonly SubtaskCommand['type'][] = [
  'BreakDownTask',
  'CompleteSubtask',
  'ReopenSubtask',
  'RemoveSubtask',
];

const liveTask = (tasks: TaskList, taskId: string): Task => {
  const task = tasks.items.find((candidate) => candidate.taskId === taskId);
  if (!task || task.deletedAt !== null) throw new DomainError('not_found', 'Task not found', { field: 'taskId' });
  return task;
};

const liveSubtask = (subtasks: SubtaskList, taskId: string, subtaskId: string): Subtask => {
  const subtask = subtasks.find((candidate) => candidate.subtaskId === subtaskId && candidate.taskId === taskId);
  if (!subtask || subtask.removedAt !== null) {
    throw new DomainError('not_found', 'Sub-step not found', { field: 'subtaskId' });
  }
  return subtask;
};

const titleKey = (title: string): string => title.trim().toLowerCase();

/**
 * One level of sub-steps: a live task that is not done may be broken down (again); sub-steps whose title
 * the task already has (or that repeat within the request) are dropped, and nothing new means no event.
 * A task holds at most SUBTASKS_PER_TASK_MAX live sub-steps.
 */
const breakDown = ({ data, metadata }: BreakDownTask, tasks: TaskList, subtasks: SubtaskList): SubtaskEvent[] => {
  const task = liveTask(tasks, data.taskId);
  if (task.status === 'done') throw new DomainError('illegal_state', 'Task is already completed; reopen it first');
  const live = subtasks.filter((subtask) => subtask.taskId === task.taskId && subtask.removedAt === null);
  const seen = new Set(live.map((subtask) => titleKey(subtask.title)));
  const fresh = data.subtasks.filter((subtask) => {
    const key = titleKey(subtask.title);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (fresh.length === 0) return [];
  if (live.length + fresh.length > SUBTASKS_PER_TASK_MAX) {
    throw new DomainError('validation', `A task holds at most ${SUBTASKS_PER_TASK_MAX} sub-steps`, {
      field: 'subtasks',
      limit: SUBTASKS_PER_TASK_MAX,
      used: live.length,
    });
  }
  return [
    createEvent(taskBrokenDown, {
      taskId: task.taskId,
      subtasks: fresh,
      aiMetadata: data.aiMetadata ?? null,
      brokenDownAt: metadata.now.toISOString(),
    }),
  ];
};

export const decideSubtasks = (command: SubtaskCommand, tasks: TaskList, subtasks: SubtaskList): SubtaskEvent[] => {
  if (command.type === 'BreakDownTask') return breakDown(command, tasks, subtasks);
  const { taskId, subtaskId } = command.data;
  liveTask(tasks, taskId);
  const subtask = liveSubtask(subtasks, taskId, subtaskId);
  switch (command.type) {
    case 'CompleteSubtask':
      if (subtask.done) throw new DomainError('illegal_state', 'Sub-step is already done');
      return [createEvent(subtaskCompleted, { taskId, subtaskId, completedAt: command.metadata.now.toISOString() })];
    case 'ReopenSubtask':
      if (!subtask.done) throw new DomainError('illegal_state', 'Sub-step is not done');
      return [createEvent(subtaskReopened, { taskId, subtaskId })];
    case 'RemoveSubtask':
      return [createEvent(subtaskRemoved, { taskId, subtaskId, removedAt: command.metadata.now.toISOString() })];
    default:
      return assertNever(command);
  }
};
