import { changedFields, isEmpty } from '../shared/changed-fields';
import { createEvent } from '../shared/create-event';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { assertNever, type Command, type CommandMetadata } from '../shared/event';
import { decideTask, type TaskCommand } from '../tasks/task-decider';
import {
  DEFAULT_CATEGORY,
  DEFAULT_PRIORITY,
  evolve,
  goalAbandoned,
  goalCompleted,
  goalCreated,
  goalDeleted,
  goalReactivated,
  goalUpdated,
  initialState,
  type Goal,
  type GoalChanges,
  type GoalEvent,
  type GoalPriority,
  type GoalState,
  type GoalStatus,
} from './goal-events';

export type CreateGoal = Command<
  'CreateGoal',
  {
    goalId: string;
    title: string;
    description?: string;
    category?: string;
    priority?: GoalPriority;
    targetDate?: string | null;
  }
>;
export type UpdateGoal = Command<'UpdateGoal', { changes: GoalChanges }>;
export type CompleteGoal = Command<'CompleteGoal', Record<string, never>>;
export type AbandonGoal = Command<'AbandonGoal', { reason?: string }>;
export type ReactivateGoal = Command<'ReactivateGoal', Record<string, never>>;
export type DeleteGoal = Command<'DeleteGoal', Record<string, never>>;

/** A goal's stream takes its own commands and its tasks' commands. */
export type GoalCommand =
  CreateGoal | UpdateGoal | CompleteGoal | AbandonGoal | ReactivateGoal | DeleteGoal | TaskCommand;

const createGoal = ({ data, metadata }: CreateGoal, state: GoalState): GoalEvent[] => {
  if (metadata.userId.trim() === '') {
    throw new DomainError('validation', 'User ID is required', { field: 'userId' });
  }
  if (state !== null) throw new DomainError('illegal_state', 'Goal already exists', { field: 'goalId' });
  const { description = '', category = DEFAULT_CATEGORY, priority = DEFAULT_PRIORITY, targetDate = null } = data;
  return [
    createEvent(goalCreated, {
      goalId: data.goalId,
      userId: metadata.userId,
      title: data.title,
      description,
      category,
      priority,
      targetDate,
      createdAt: metadata.now.toISOString(),
    }),
  ];
};

/** Missing, deleted and other users' goals all look the same to the caller, so existence is not leaked. */
const ownedGoal = (state: GoalState, metadata: CommandMetadata): Goal => {
  if (state === null || state.deletedAt !== null || state.userId !== metadata.userId) {
    throw new DomainError('not_found', 'Goal not found');
  }
  return state;
};

/** Legal transitions: active -> completed, active -> abandoned, completed | abandoned -> active. */
const requireTransition = (goal: Goal, next: GoalStatus): void => {
  if (goal.status === next) {
    throw new DomainError('illegal_state', `Goal is already ${next}`, { status: goal.status });
  }
  if (goal.status !== 'active' && next !== 'active') {
    throw new DomainError('illegal_state', `Goal is ${goal.status}; reactivate it first`, { status: goal.status });
  }
};

export const decide = (command: GoalCommand, state: GoalState): GoalEvent[] => {
  if (command.type === 'CreateGoal') return createGoal(command, state);
  const goal = ownedGoal(state, command.metadata);
  const now = command.metadata.now.toISOString();
  switch (command.type) {
    case 'UpdateGoal': {
      const changes = changedFields<GoalChanges>(goal, command.data.changes);
      return isEmpty(changes) ? [] : [createEvent(goalUpdated, { changes })];
    }
    case 'CompleteGoal':
      requireTransition(goal, 'completed');
      return [createEvent(goalCompleted, { completedAt: now })];
    case 'AbandonGoal': {
      requireTransition(goal, 'abandoned');
      const { reason } = command.data;
      return [createEvent(goalAbandoned, { abandonedAt: now, ...(reason !== undefined && { reason }) })];
    }
    case 'ReactivateGoal':
      requireTransition(goal, 'active');
      return [createEvent(goalReactivated, {})];
    case 'DeleteGoal':
      return [createEvent(goalDeleted, { deletedAt: now })];
    case 'GenerateTasksBatch':
    case 'UpdateTask':
    case 'StartTask':
    case 'CompleteTask':
    case 'ReopenTask':
    case 'LogTaskTime':
    case 'DeleteTask':
      return decideTask(command, goal.tasks);
    default:
      return assertNever(command);
  }
};

export const goalDecider: Decider<GoalState, GoalCommand, GoalEvent> = { initialState, decide, evolve };
