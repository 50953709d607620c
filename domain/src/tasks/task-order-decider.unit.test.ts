import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goalStreamDecider, type GoalStreamCommand } from '../goals/goal-decider';
import type { GoalStreamEvent } from '../goals/goal-events';
import { foldEvents } from '../shared/decider';
import type { CommandMetadata } from '../shared/event';
import { deciderSpec } from '../testing/decider-spec';

const spec = deciderSpec(goalStreamDecider);
const NOW = '2026-11-27T10:00:00.000Z';
const byOwner: CommandMetadata = { now: new Date(NOW), userId: 'user_1' };
const byStranger: CommandMetadata = { ...byOwner, userId: 'user_2' };

const goalCreated: GoalStreamEvent = {
  type: 'GoalCreated',
  data: {
    goalId: 'goal_1',
    userId: 'user_1',
    title: 'Run a marathon',
    description: '',
    category: 'health',
    priority: 'medium',
    targetDate: null,
    createdAt: '2026-11-20T08:00:00.000Z',
  },
};
const task = (taskId: string) => ({
  taskId,
  title: `Task ${taskId}`,
  estimatedMinutes: 30,
  energyLevel: 'low' as const,
});
const batch = (...ids: string[]): GoalStreamEvent => ({
  type: 'TasksBatchGenerated',
  data: {
    batchId: `batch_${ids.join('_')}`,
    source: 'manual',
    tasks: ids.map(task),
    aiMetadata: null,
    generatedAt: NOW,
  },
});
const deleted = (taskId: string): GoalStreamEvent => ({ type: 'TaskDeleted', data: { taskId, deletedAt: NOW } });
const reordered = (...taskIds: string[]): GoalStreamEvent => ({ type: 'TasksReordered', data: { taskIds } });
const reorder = (taskIds: string[], metadata = byOwner): GoalStreamCommand => ({
  type: 'ReorderTasks',
  data: { taskIds },
  metadata,
});
const orderOf = (events: GoalStreamEvent[]): string[] =>
  foldEvents(goalStreamDecider, events)?.tasks.items.map((item) => item.taskId) ?? [];

describe('ReorderTasks (goal stream decider)', () => {
  it('given three tasks, when ReorderTasks with a new order, then TasksReordered with that order', () => {
    spec
      .given([goalCreated, batch('a', 'b', 'c')])
      .when(reorder(['c', 'a', 'b']))
      .then([reordered('c', 'a', 'b')]);
  });

  it('given three tasks, when ReorderTasks with the order they have, then nothing', () => {
    spec
      .given([goalCreated, batch('a', 'b', 'c'), reordered('b', 'a', 'c')])
      .when(reorder(['b', 'a', 'c']))
      .then([]);
  });

  it('given a deleted task, when ReorderTasks lists only the live ones, then TasksReordered', () => {
    spec
      .given([goalCreated, batch('a', 'b', 'c'), deleted('b')])
      .when(reorder(['c', 'a']))
      .then([reordered('c', 'a')]);
  });

  it('given a deleted task, when ReorderTasks names it, then illegal_state naming it as unknown', () => {
    spec
      .given([goalCreated, batch('a', 'b', 'c'), deleted('b')])
      .when(reorder(['c', 'b', 'a']))
      .thenThrows('illegal_state', "The order must list exactly the goal's tasks", {
        field: 'taskIds',
        unknown: ['b'],
        missing: [],
      });
  });

  it('given three tasks, when ReorderTasks misses one, then illegal_state naming the missing one', () => {
    spec
      .given([goalCreated, batch('a', 'b', 'c')])
      .when(reorder(['c', 'a']))
      .thenThrows('illegal_state', "The order must list exactly the goal's tasks", {
        field: 'taskIds',
        unknown: [],
        missing: ['b'],
      });
  });

  it('given three tasks, when ReorderTasks lists one twice, then validation', () => {
    spec
      .given([goalCreated, batch('a', 'b', 'c')])
      .when(reorder(['a', 'b', 'a', 'c']))
      .thenThrows('validation', 'A task is listed twice', { field: 'taskIds', taskId: 'a' });
  });

  it("given another user's goal, when ReorderTasks, then not_found", () => {
    spec
      .given([goalCreated, batch('a', 'b')])
      .when(reorder(['b', 'a'], byStranger))
      .thenThrows('not_found', 'Goal not found');
  });

  it('given no goal, when ReorderTasks, then not_found', () => {
    spec
      .given([])
      .when(reorder(['a']))
      .thenThrows('not_found', 'Goal not found');
  });

  it('tasks added after a reorder go last; deleted ones keep no place among the ordered', () => {
    expect(orderOf([goalCreated, batch('a', 'b', 'c'), reordered('c', 'a', 'b'), batch('d')])).toEqual([
      'c',
      'a',
      'b',
      'd',
    ]);
    expect(orderOf([goalCreated, batch('a', 'b', 'c'), deleted('a'), reordered('c', 'b')])).toEqual(['c', 'b', 'a']);
  });

  it('any permutation of the live tasks is accepted and becomes the order (or nothing when unchanged)', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    fc.assert(
      fc.property(fc.shuffledSubarray(ids, { minLength: ids.length, maxLength: ids.length }), (order) => {
        const given = [goalCreated, batch(...ids)];
        const events = goalStreamDecider.decide(reorder(order), foldEvents(goalStreamDecider, given));
        expect(orderOf([...given, ...events])).toEqual(order);
        expect(events.length).toBe(order.join() === ids.join() ? 0 : 1);
      }),
    );
  });
});
