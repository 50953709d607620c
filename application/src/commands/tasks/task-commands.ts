import type { GoalCommand } from '@stride/domain/goals/goal-decider';
import type { CommandMetadata } from '@stride/domain/shared/event';
import type { EnergyLevel } from '@stride/domain/tasks/energy-workflow';
import type { TaskChanges } from '@stride/domain/tasks/task-events';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { runGoalCommands } from '../goals/goal-commands';
import { newId } from '../ids';

export interface NewTaskInput {
  readonly title: string;
  readonly description?: string | null;
  readonly estimatedMinutes: number;
  readonly energyLevel: EnergyLevel;
}

/**
 * Manual tasks as one batch on the goal's stream (GenerateTasksBatch, source manual), so the spec's
 * de-duplication applies: a task with the same lower-cased trimmed title and minutes as a live task, or
 * an identical batch within 1 s, adds nothing. Returns the ids of the tasks actually added.
 */
export const addTasks = (services: Services, context: CommandContext, goalId: string, tasks: readonly NewTaskInput[]) =>
  runGoalCommands(
    services,
    context,
    goalId,
    (_state, metadata) => [
      {
        type: 'GenerateTasksBatch',
        data: { batchId: newId(), source: 'manual', tasks: tasks.map((task) => ({ taskId: newId(), ...task })) },
        metadata,
      },
    ],
    {
      result: ({ events, position }) => ({
        goalId,
        position,
        taskIds: events.flatMap((event) =>
          event.type === 'TasksBatchGenerated' ? event.data.tasks.map((task) => task.taskId) : [],
        ),
      }),
    },
  );

/** One command on one task of a goal (the goal must be the caller's, the task live). */
export type TaskAction =
  | { readonly type: 'UpdateTask'; readonly changes: TaskChanges }
  | { readonly type: 'StartTask' }
  | { readonly type: 'CompleteTask'; readonly actualMinutes?: number }
  | { readonly type: 'ReopenTask' }
  | { readonly type: 'LogTaskTime'; readonly actualMinutes: number }
  | { readonly type: 'DeleteTask' };

const taskCommand = (taskId: string, action: TaskAction, metadata: CommandMetadata): GoalCommand => {
  switch (action.type) {
    case 'UpdateTask':
      return { type: 'UpdateTask', data: { taskId, changes: action.changes }, metadata };
    case 'CompleteTask':
      return {
        type: 'CompleteTask',
        data: { taskId, ...(action.actualMinutes !== undefined && { actualMinutes: action.actualMinutes }) },
        metadata,
      };
    case 'LogTaskTime':
      return { type: 'LogTaskTime', data: { taskId, actualMinutes: action.actualMinutes }, metadata };
    case 'StartTask':
    case 'ReopenTask':
    case 'DeleteTask':
      return { type: action.type, data: { taskId }, metadata };
  }
};

export const runTaskActions = (
  services: Services,
  context: CommandContext,
  goalId: string,
  taskId: string,
  actions: readonly TaskAction[],
) =>
  runGoalCommands(services, context, goalId, (_state, metadata) =>
    actions.map((action) => taskCommand(taskId, action, metadata)),
  ).then(({ position }) => ({ goalId, taskId, position }));
