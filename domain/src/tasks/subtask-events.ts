import { z } from 'zod';
import type { EventOf } from '../shared/create-event';
import { assertNever, defineEvent } from '../shared/event';
import { idSchema } from '../shared/id';
import { energyLevelSchema, type EnergyLevel } from './energy-workflow';
import { taskInputSchema, taskMinutesSchema } from './task-events';

/**
 * Sub-steps of a task (issue 14, "break any step down again"): one level only. A sub-step is not a task
 * (it has no sub-steps, dates or timers of its own); it lives in its goal's stream with the task it belongs
 * to, so "the task is still there and not done" is decided against one consistent state.
 */

const isoInstant = z.iso.datetime();
const ref = { taskId: z.string().min(1), subtaskId: z.string().min(1) };

/** The most live sub-steps one task may have. */
export const SUBTASKS_PER_TASK_MAX = 20;

export const subtaskInputSchema = z.object({
  subtaskId: idSchema,
  title: taskInputSchema.shape.title,
  estimatedMinutes: taskMinutesSchema,
  energyLevel: energyLevelSchema,
});
export type SubtaskInput = z.input<typeof subtaskInputSchema>;

export const taskBrokenDown = defineEvent({
  type: 'TaskBrokenDown',
  schemaVersion: 1,
  schema: z.object({
    taskId: z.string().min(1),
    subtasks: z.array(subtaskInputSchema).min(1).max(SUBTASKS_PER_TASK_MAX),
    /** The planner that proposed them (provider, model, granularity); null when typed by hand. */
    aiMetadata: z.record(z.string(), z.unknown()).nullable(),
    brokenDownAt: isoInstant,
  }),
});

export const subtaskCompleted = defineEvent({
  type: 'SubtaskCompleted',
  schemaVersion: 1,
  schema: z.object({ ...ref, completedAt: isoInstant }),
});

export const subtaskReopened = defineEvent({
  type: 'SubtaskReopened',
  schemaVersion: 1,
  schema: z.object(ref),
});

export const subtaskRemoved = defineEvent({
  type: 'SubtaskRemoved',
  schemaVersion: 1,
  schema: z.object({ ...ref, removedAt: isoInstant }),
});

export const subtaskEventDefinitions = [taskBrokenDown, subtaskCompleted, subtaskReopened, subtaskRemoved] as const;

export type SubtaskEvent = EventOf<(typeof subtaskEventDefinitions)[number]>;

export interface Subtask {
  readonly subtaskId: string;
  readonly taskId: string;
  readonly title: string;
  readonly estimatedMinutes: number;
  readonly energyLevel: EnergyLevel;
  readonly done: boolean;
  readonly completedAt: string | null;
  /** Removed sub-steps stay in the list but accept no further commands. */
  readonly removedAt: string | null;
}

/** A goal's sub-steps, of all its tasks, in the order they were added. */
export type SubtaskList = readonly Subtask[];

export const emptySubtaskList: SubtaskList = [];

export const evolveSubtasks = (list: SubtaskList, event: SubtaskEvent): SubtaskList => {
  const update = (subtaskId: string, change: Partial<Subtask>): SubtaskList =>
    list.map((subtask) => (subtask.subtaskId === subtaskId ? { ...subtask, ...change } : subtask));
  switch (event.type) {
    case 'TaskBrokenDown':
      return [
        ...list,
        ...event.data.subtasks.map((input) => ({
          ...input,
          taskId: event.data.taskId,
          done: false,
          completedAt: null,
          removedAt: null,
        })),
      ];
    case 'SubtaskCompleted':
      return update(event.data.subtaskId, { done: true, completedAt: event.data.completedAt });
    case 'SubtaskReopened':
      return update(event.data.subtaskId, { done: false, completedAt: null });
    case 'SubtaskRemoved':
      return update(event.data.subtaskId, { removedAt: event.data.removedAt });
    default:
      return assertNever(event);
  }
};
