import { describe, expect, it } from 'vitest';
import { goalStreamDecider } from '../goals/goal-decider';
import type { GoalStreamEvent, GoalState } from '../goals/goal-events';
import { foldEvents } from '../shared/decider';
import type { CommandMetadata } from '../shared/event';
import { parseQuickAdd } from './quick-add';
import { quickAddCommands } from './quick-add-commands';

const metadata: CommandMetadata = { now: new Date('2026-11-25T15:00:00Z'), userId: 'user_1' };
const goals = [{ goalId: 'g_dog', title: 'Dog training' }];
const goalCreated: GoalStreamEvent = {
  type: 'GoalCreated',
  data: {
    goalId: 'g_dog',
    userId: 'user_1',
    title: 'Dog training',
    description: '',
    category: 'personal',
    priority: 'medium',
    targetDate: null,
    createdAt: '2026-11-01T08:00:00.000Z',
  },
};

const decideAll = (commands: ReturnType<typeof quickAddCommands>['commands']): GoalStreamEvent[] => {
  let state: GoalState = foldEvents(goalStreamDecider, [goalCreated]);
  const events: GoalStreamEvent[] = [];
  for (const command of commands) {
    const decided = goalStreamDecider.decide(command, state);
    events.push(...decided);
    state = decided.reduce(goalStreamDecider.evolve, state);
  }
  return events;
};

describe('quickAddCommands', () => {
  it('turns a parsed line into a one-task batch, ScheduleTask and SetTaskDueDate on the matched goal', () => {
    const parsed = parseQuickAdd('Call the vet tomorrow 15m low energy #dog by Friday', {
      now: metadata.now,
      timeZone: 'Europe/Berlin',
      goals,
    });
    const { goalId, commands } = quickAddCommands(parsed, { taskId: 't1', timeZone: 'Europe/Berlin' }, metadata);
    expect(goalId).toBe('g_dog');
    expect(decideAll(commands)).toEqual([
      {
        type: 'TasksBatchGenerated',
        data: {
          batchId: 'quick-add:t1',
          source: 'manual',
          tasks: [{ taskId: 't1', title: 'Call the vet', estimatedMinutes: 15, energyLevel: 'low' }],
          aiMetadata: null,
          generatedAt: metadata.now.toISOString(),
        },
      },
      { type: 'TaskScheduled', data: { taskId: 't1', doDate: '2026-11-26' } },
      { type: 'TaskDueDateSet', data: { taskId: 't1', dueDate: '2026-11-27' } },
    ]);
  });

  it('a recurring line without minutes or energy gets the defaults and starts a series today', () => {
    const parsed = parseQuickAdd('Walk every weekday', { now: metadata.now, timeZone: 'Europe/Berlin' });
    const { goalId, commands } = quickAddCommands(
      parsed,
      { taskId: 't2', timeZone: 'Europe/Berlin', defaultGoalId: 'g_dog' },
      metadata,
    );
    expect(goalId).toBe('g_dog');
    expect(decideAll(commands)).toEqual([
      {
        type: 'TasksBatchGenerated',
        data: {
          batchId: 'quick-add:t2',
          source: 'manual',
          tasks: [{ taskId: 't2', title: 'Walk', estimatedMinutes: 30, energyLevel: 'medium' }],
          aiMetadata: null,
          generatedAt: metadata.now.toISOString(),
        },
      },
      {
        type: 'TaskRecurrenceSet',
        data: {
          taskId: 't2',
          seriesId: 't2',
          occurrenceDate: '2026-11-25',
          recurrence: { rule: { kind: 'weekdays' }, startDate: '2026-11-25' },
          template: {
            title: 'Walk',
            description: null,
            estimatedMinutes: 30,
            energyLevel: 'medium',
            dueOffsetDays: null,
          },
        },
      },
    ]);
  });

  it('without a matched goal or a default, the goal is left to the caller', () => {
    const parsed = parseQuickAdd('Buy milk #groceries', { now: metadata.now, timeZone: 'UTC', goals });
    expect(quickAddCommands(parsed, { taskId: 't3', timeZone: 'UTC' }, metadata).goalId).toBeNull();
  });
});
