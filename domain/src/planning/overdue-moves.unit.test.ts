import { describe, expect, it } from 'vitest';
import { goalStreamDecider } from '../goals/goal-decider';
import type { GoalStreamEvent } from '../goals/goal-events';
import { foldEvents } from '../shared/decider';
import type { CommandMetadata } from '../shared/event';
import { isOverdue, moveDate, movesByGoal, overdueMoves, overdueTasks, type PlannedTask } from './overdue-moves';

const TODAY = '2026-11-25'; // a Wednesday
const metadata: CommandMetadata = { now: new Date('2026-11-25T15:00:00.000Z'), userId: 'user_1' };
const task = (taskId: string, doDate: string | null, extra: Partial<PlannedTask> = {}): PlannedTask => ({
  goalId: 'goal_1',
  taskId,
  doDate,
  status: 'todo',
  deletedAt: null,
  ...extra,
});

const tasks = [
  task('a', '2026-11-24'),
  task('b', '2026-11-20', { goalId: 'goal_2' }),
  task('c', TODAY),
  task('d', null),
  task('e', '2026-11-01', { status: 'done' }),
  task('f', '2026-11-02', { deletedAt: '2026-11-03T00:00:00.000Z' }),
  task('g', '2026-11-24', { status: 'in_progress' }),
];

describe('overdue tasks', () => {
  it('are open tasks planned before today, oldest first', () => {
    expect(overdueTasks(tasks, TODAY).map((t) => t.taskId)).toEqual(['b', 'a', 'g']);
    expect(isOverdue(task('x', TODAY), TODAY)).toBe(false);
  });
});

describe('moveDate', () => {
  it.each([
    ['today', TODAY, TODAY],
    ['tomorrow', TODAY, '2026-11-26'],
    ['nextWeek', TODAY, '2026-11-30'],
    ['nextWeek', '2026-11-29', '2026-11-30'], // Sunday: tomorrow is next week's Monday
    ['nextWeek', '2026-11-30', '2026-12-07'], // Monday: a week ahead
    ['tomorrow', '2026-12-31', '2027-01-01'],
  ] as const)('%s from %s is %s', (target, today, expected) => {
    expect(moveDate(target, today)).toBe(expected);
  });
});

describe('overdueMoves', () => {
  it('moves all overdue tasks at once, as ScheduleTask commands for their goals', () => {
    expect(overdueMoves(tasks, TODAY, 'tomorrow', metadata, { timeZone: 'Europe/Berlin' })).toEqual([
      {
        goalId: 'goal_2',
        command: {
          type: 'ScheduleTask',
          data: { taskId: 'b', doDate: '2026-11-26', timeZone: 'Europe/Berlin' },
          metadata,
        },
      },
      {
        goalId: 'goal_1',
        command: {
          type: 'ScheduleTask',
          data: { taskId: 'a', doDate: '2026-11-26', timeZone: 'Europe/Berlin' },
          metadata,
        },
      },
      {
        goalId: 'goal_1',
        command: {
          type: 'ScheduleTask',
          data: { taskId: 'g', doDate: '2026-11-26', timeZone: 'Europe/Berlin' },
          metadata,
        },
      },
    ]);
  });

  it('moves one by one: only the named tasks, and only if overdue', () => {
    const moves = overdueMoves(tasks, TODAY, 'nextWeek', metadata, { taskIds: ['a', 'c', 'zzz'] });
    expect(moves).toEqual([
      { goalId: 'goal_1', command: { type: 'ScheduleTask', data: { taskId: 'a', doDate: '2026-11-30' }, metadata } },
    ]);
  });

  it('with nothing overdue there is nothing to move', () => {
    expect(overdueMoves([task('c', TODAY)], TODAY, 'today', metadata)).toEqual([]);
  });

  it('groups moves by goal stream', () => {
    const byGoal = movesByGoal(overdueMoves(tasks, TODAY, 'today', metadata));
    expect([...byGoal.keys()]).toEqual(['goal_2', 'goal_1']);
    expect(byGoal.get('goal_1')?.map((command) => command.data.taskId)).toEqual(['a', 'g']);
  });

  it('the commands are accepted by the goal stream decider', () => {
    const given: GoalStreamEvent[] = [
      {
        type: 'GoalCreated',
        data: {
          goalId: 'goal_1',
          userId: 'user_1',
          title: 'Home',
          description: '',
          category: 'personal',
          priority: 'medium',
          targetDate: null,
          createdAt: '2026-11-01T08:00:00.000Z',
        },
      },
      {
        type: 'TaskAdded',
        data: {
          taskId: 'a',
          title: 'Fix tap',
          estimatedMinutes: 30,
          energyLevel: 'medium',
          addedAt: '2026-11-20T08:00:00.000Z',
        },
      },
      { type: 'TaskScheduled', data: { taskId: 'a', doDate: '2026-11-24' } },
    ];
    const [move] = overdueMoves([task('a', '2026-11-24')], TODAY, 'today', metadata, { timeZone: 'Europe/Berlin' });
    expect(move && goalStreamDecider.decide(move.command, foldEvents(goalStreamDecider, given))).toEqual([
      { type: 'TaskScheduled', data: { taskId: 'a', doDate: TODAY } },
    ]);
  });
});
