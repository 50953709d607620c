import {
  compareLocalDates,
  LENIENT_TIME_ZONE,
  localDateOf,
  localDateSchema,
  timeZoneSchema,
} from '../dates/local-date';
import { changedFields, isEmpty } from '../shared/changed-fields';
import { createEvent } from '../shared/create-event';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { assertNever, type Command, type CommandMetadata } from '../shared/event';
import { decideTask, type TaskCommand } from '../tasks/task-decider';
import { decideTaskPlanning, type TaskPlanningCommand } from '../tasks/task-planning-decider';
import { decideSubtasks, subtaskCommandTypes, type SubtaskCommand } from '../tasks/subtask-decider';
import { decideTaskOrder, type ReorderTasks } from '../tasks/task-order-decider';
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
  type GoalStreamEvent,
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
    /** The user's IANA zone: a target date before the user's today is refused. */
    timeZone?: string;
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
  if (targetDate !== null) requireFutureTarget(targetDate, data.timeZone, metadata.now);
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

/**
 * A new goal's target date is a calendar date no earlier than the user's today (in `timeZone`; without
 * one, in the last zone to reach a new day). Changing the target date later is not checked: a goal may
 * well run past its date.
 */
const requireFutureTarget = (targetDate: string, timeZone: string | undefined, now: Date): void => {
  if (!localDateSchema.safeParse(targetDate).success) {
    throw new DomainError('validation', 'Expected a calendar date as YYYY-MM-DD', { field: 'targetDate' });
  }
  if (timeZone !== undefined && !timeZoneSchema.safeParse(timeZone).success) {
    throw new DomainError('validation', 'Expected an IANA time zone', { field: 'timeZone' });
  }
  const today = localDateOf(now, timeZone ?? LENIENT_TIME_ZONE);
  if (compareLocalDates(targetDate, today) < 0) {
    throw new DomainError('validation', 'Target date is in the past', { field: 'targetDate', today });
  }
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

/** Everything a goal's stream takes: GoalCommand plus the tasks' planning commands. */
export type GoalStreamCommand = GoalCommand | TaskPlanningCommand | SubtaskCommand | ReorderTasks;

const planningCommandTypes = new Set<string>([
  'ScheduleTask',
  'SetTaskDueDate',
  'SetTaskRecurrence',
  'EditTask',
  'CreateNextOccurrence',
] satisfies TaskPlanningCommand['type'][]);

const isPlanningCommand = (command: GoalStreamCommand): command is TaskPlanningCommand =>
  planningCommandTypes.has(command.type);

const subtaskTypes = new Set<string>(subtaskCommandTypes);
const isSubtaskCommand = (command: GoalStreamCommand): command is SubtaskCommand => subtaskTypes.has(command.type);

/**
 * The goal stream's decider with planning: what `goalDecider` decides, plus dates and recurrence. A
 * series creates no more occurrences while its goal is not active.
 */
export const decideGoalStream = (command: GoalStreamCommand, state: GoalState): GoalStreamEvent[] => {
  if (command.type === 'ReorderTasks') return decideTaskOrder(command, ownedGoal(state, command.metadata).tasks);
  if (isSubtaskCommand(command)) {
    const goal = ownedGoal(state, command.metadata);
    return decideSubtasks(command, goal.tasks, goal.subtasks);
  }
  if (!isPlanningCommand(command)) return decide(command, state);
  const goal = ownedGoal(state, command.metadata);
  if (command.type === 'CreateNextOccurrence' && goal.status !== 'active') return [];
  return decideTaskPlanning(command, goal.tasks);
};

/**
 * Use this decider for streams that may hold planning events. `goalDecider` stays as it was for the
 * callers typed on GoalEvent until they move over.
 */
export const goalStreamDecider: Decider<GoalState, GoalStreamCommand, GoalStreamEvent> = {
  initialState,
  decide: decideGoalStream,
  evolve,
};
