import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goalStreamDecider, type GoalStreamCommand } from '../goals/goal-decider';
import type { GoalStreamEvent } from '../goals/goal-events';
import type { CommandMetadata } from '../shared/event';
import { foldEvents } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import { SUBTASKS_PER_TASK_MAX } from './subtask-events';
import { goalProgress, progressWithTaskDone, rolledUpProgress, taskProgress, toPercent } from './subtask-progress';

const spec = deciderSpec(goalStreamDecider);
const NOW = '2026-11-25T10:00:00.000Z';
const byOwner: CommandMetadata = { now: new Date(NOW), userId: 'user_1' };
const byStranger: CommandMetadata = { ...byOwner, userId: 'user_2' };

const goalCreated: GoalStreamEvent = {
  type: 'GoalCreated',
  data: {
    goalId: 'goal_1',
    userId: 'user_1',
    title: 'Write a novel',
    description: '',
    category: 'creative',
    priority: 'medium',
    targetDate: null,
    createdAt: '2026-11-20T08:00:00.000Z',
  },
};
const batch: GoalStreamEvent = {
  type: 'TasksBatchGenerated',
  data: {
    batchId: 'batch_1',
    source: 'ai',
    tasks: [
      { taskId: 'task_1', title: 'Outline the plot', estimatedMinutes: 60, energyLevel: 'high' },
      { taskId: 'task_2', title: 'Draft chapter one', estimatedMinutes: 90, energyLevel: 'high' },
    ],
    aiMetadata: null,
    generatedAt: '2026-11-20T09:00:00.000Z',
  },
};
const sub = (subtaskId: string, title: string) => ({
  subtaskId,
  title,
  estimatedMinutes: 10,
  energyLevel: 'medium' as const,
});
const brokenDown: GoalStreamEvent = {
  type: 'TaskBrokenDown',
  data: {
    taskId: 'task_1',
    subtasks: [sub('sub_1', 'List the main characters'), sub('sub_2', 'Sketch the three acts')],
    aiMetadata: { provider: 'embedded', granularity: 'tiny' },
    brokenDownAt: '2026-11-21T09:00:00.000Z',
  },
};
const subCompleted: GoalStreamEvent = {
  type: 'SubtaskCompleted',
  data: { taskId: 'task_1', subtaskId: 'sub_1', completedAt: NOW },
};
const breakDown = (subtasks: ReturnType<typeof sub>[], metadata = byOwner, taskId = 'task_1'): GoalStreamCommand => ({
  type: 'BreakDownTask',
  data: { taskId, subtasks, aiMetadata: { provider: 'embedded', granularity: 'tiny' } },
  metadata,
});

describe('Sub-steps (goal stream decider)', () => {
  describe('BreakDownTask', () => {
    it('given a task, when BreakDownTask, then TaskBrokenDown with its sub-steps', () => {
      spec
        .given([goalCreated, batch])
        .when(breakDown([sub('sub_1', 'List the main characters'), sub('sub_2', 'Sketch the three acts')]))
        .then([{ ...brokenDown, data: { ...brokenDown.data, brokenDownAt: NOW } }]);
    });

    it('given sub-steps, when BreakDownTask again, then only the new titles are added (case and spaces ignored)', () => {
      spec
        .given([goalCreated, batch, brokenDown])
        .when(breakDown([sub('sub_3', ' list the MAIN characters '), sub('sub_4', 'Name the villain')]))
        .then([
          {
            type: 'TaskBrokenDown',
            data: {
              taskId: 'task_1',
              subtasks: [sub('sub_4', 'Name the villain')],
              aiMetadata: { provider: 'embedded', granularity: 'tiny' },
              brokenDownAt: NOW,
            },
          },
        ]);
    });

    it('given sub-steps, when BreakDownTask with only titles it has, then nothing', () => {
      spec
        .given([goalCreated, batch, brokenDown])
        .when(breakDown([sub('sub_3', 'Sketch the three acts')]))
        .then([]);
    });

    it('given a completed task, when BreakDownTask, then illegal_state', () => {
      spec
        .given([goalCreated, batch, { type: 'TaskCompleted', data: { taskId: 'task_1', completedAt: NOW } }])
        .when(breakDown([sub('sub_1', 'List the main characters')]))
        .thenThrows('illegal_state', 'Task is already completed; reopen it first');
    });

    it('given a deleted task, when BreakDownTask, then not_found', () => {
      spec
        .given([goalCreated, batch, { type: 'TaskDeleted', data: { taskId: 'task_1', deletedAt: NOW } }])
        .when(breakDown([sub('sub_1', 'List the main characters')]))
        .thenThrows('not_found', 'Task not found', { field: 'taskId' });
    });

    it("given another user's goal, when BreakDownTask, then not_found", () => {
      spec
        .given([goalCreated, batch])
        .when(breakDown([sub('sub_1', 'List the main characters')], byStranger))
        .thenThrows('not_found', 'Goal not found');
    });

    it('given a task at the sub-step limit, when BreakDownTask with more, then validation naming subtasks', () => {
      const full: GoalStreamEvent = {
        type: 'TaskBrokenDown',
        data: {
          taskId: 'task_1',
          subtasks: Array.from({ length: SUBTASKS_PER_TASK_MAX }, (_, i) => sub(`s${i}`, `Step number ${i}`)),
          aiMetadata: null,
          brokenDownAt: NOW,
        },
      };
      spec
        .given([goalCreated, batch, full])
        .when(breakDown([sub('extra', 'One more step')]))
        .thenThrows('validation', undefined, { field: 'subtasks', limit: SUBTASKS_PER_TASK_MAX });
    });

    it('a sub-step id cannot be broken down (one level only): not_found', () => {
      spec
        .given([goalCreated, batch, brokenDown])
        .when(breakDown([sub('sub_9', 'Deeper step')], byOwner, 'sub_1'))
        .thenThrows('not_found', 'Task not found');
    });
  });

  describe('CompleteSubtask, ReopenSubtask, RemoveSubtask', () => {
    const on = (
      type: 'CompleteSubtask' | 'ReopenSubtask' | 'RemoveSubtask',
      subtaskId = 'sub_1',
    ): GoalStreamCommand => ({
      type,
      data: { taskId: 'task_1', subtaskId },
      metadata: byOwner,
    });

    it('given an open sub-step, when CompleteSubtask, then SubtaskCompleted', () => {
      spec.given([goalCreated, batch, brokenDown]).when(on('CompleteSubtask')).then([subCompleted]);
    });

    it('given a done sub-step, when CompleteSubtask, then illegal_state', () => {
      spec
        .given([goalCreated, batch, brokenDown, subCompleted])
        .when(on('CompleteSubtask'))
        .thenThrows('illegal_state', 'Sub-step is already done');
    });

    it('given a done sub-step, when ReopenSubtask, then SubtaskReopened', () => {
      spec
        .given([goalCreated, batch, brokenDown, subCompleted])
        .when(on('ReopenSubtask'))
        .then([{ type: 'SubtaskReopened', data: { taskId: 'task_1', subtaskId: 'sub_1' } }]);
    });

    it('given an open sub-step, when ReopenSubtask, then illegal_state', () => {
      spec.given([goalCreated, batch, brokenDown]).when(on('ReopenSubtask')).thenThrows('illegal_state');
    });

    it('given a sub-step, when RemoveSubtask, then SubtaskRemoved; then it is gone for later commands', () => {
      const removed: GoalStreamEvent = {
        type: 'SubtaskRemoved',
        data: { taskId: 'task_1', subtaskId: 'sub_1', removedAt: NOW },
      };
      spec.given([goalCreated, batch, brokenDown]).when(on('RemoveSubtask')).then([removed]);
      spec
        .given([goalCreated, batch, brokenDown, removed])
        .when(on('CompleteSubtask'))
        .thenThrows('not_found', 'Sub-step not found', { field: 'subtaskId' });
    });

    it('given a sub-step of another task, when CompleteSubtask on the wrong task, then not_found', () => {
      spec
        .given([goalCreated, batch, brokenDown])
        .when({ type: 'CompleteSubtask', data: { taskId: 'task_2', subtaskId: 'sub_1' }, metadata: byOwner })
        .thenThrows('not_found', 'Sub-step not found');
    });
  });

  it('the goal state holds the sub-steps with their task and status', () => {
    const state = foldEvents(goalStreamDecider, [goalCreated, batch, brokenDown, subCompleted]);
    expect(state?.subtasks.map((s) => [s.taskId, s.subtaskId, s.done])).toEqual([
      ['task_1', 'sub_1', true],
      ['task_1', 'sub_2', false],
    ]);
  });
});

describe('Progress rolls up', () => {
  it('a task is as far as its sub-steps; a completed task is done; the goal is the mean', () => {
    const first = taskProgress({ done: false }, [{ done: true }, { done: false }]);
    const second = taskProgress({ done: true }, [{ done: false }]);
    const third = taskProgress({ done: false }, []);
    expect([first, second, third]).toEqual([0.5, 1, 0]);
    expect(goalProgress([{ progress: first }, { progress: second }, { progress: third }])).toBeCloseTo(0.5);
    expect(toPercent(0.996)).toBe(99);
    expect(toPercent(1)).toBe(100);
  });

  it('property: progress stays within 0..1 and reaches 1 exactly when every sub-step is done', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 20 }), fc.boolean(), (subDone, taskDone) => {
        const progress = taskProgress(
          { done: taskDone },
          subDone.map((done) => ({ done })),
        );
        expect(progress).toBeGreaterThanOrEqual(0);
        expect(progress).toBeLessThanOrEqual(1);
        const allDone = taskDone || (subDone.length > 0 && subDone.every(Boolean));
        expect(progress === 1).toBe(allDone);
        expect(toPercent(progress) === 100).toBe(allDone);
      }),
    );
  });

  it('rolled up as served: each task with its sub-steps counted, the goal by its tasks', () => {
    const progress = rolledUpProgress(
      [
        { id: 't1', done: false },
        { id: 't2', done: true },
        { id: 't3', done: false },
      ],
      [
        { task_id: 't1', done: true },
        { task_id: 't1', done: false },
        { task_id: 't2', done: false },
      ],
    );
    expect(progress).toEqual({
      goal_percent: 50,
      tasks: [
        { task_id: 't1', percent: 50, subtasks_done: 1, subtasks_total: 2 },
        { task_id: 't2', percent: 100, subtasks_done: 0, subtasks_total: 1 },
        { task_id: 't3', percent: 0, subtasks_done: 0, subtasks_total: 0 },
      ],
    });
  });

  it('property: given any tasks and sub-steps, when one task is done or reopened, then the progress is what a roll-up from scratch gives', () => {
    const goal = fc.array(fc.record({ done: fc.boolean(), subtasks: fc.array(fc.boolean(), { maxLength: 6 }) }), {
      minLength: 1,
      maxLength: 8,
    });
    fc.assert(
      fc.property(goal, fc.nat(), fc.boolean(), (tasks, pick, done) => {
        const ids = tasks.map((_, index) => `t${index}`);
        const subtasks = tasks.flatMap((task, index) =>
          task.subtasks.map((subDone) => ({ task_id: ids[index]!, done: subDone })),
        );
        const changed = ids[pick % ids.length]!;
        const before = rolledUpProgress(
          tasks.map((task, index) => ({ id: ids[index]!, done: task.done })),
          subtasks,
        );
        const fromScratch = rolledUpProgress(
          tasks.map((task, index) => ({ id: ids[index]!, done: ids[index] === changed ? done : task.done })),
          subtasks,
        );
        expect(progressWithTaskDone(before, subtasks, changed, done)).toEqual(fromScratch);
      }),
    );
  });
});
