import { describe, it } from 'vitest';
import { goalDecider } from '../goals/goal-decider';
import type { GoalEvent } from '../goals/goal-events';
import type { CommandMetadata } from '../shared/event';
import { deciderSpec } from '../testing/decider-spec';
import type { GenerateTasksBatch, TaskCommand } from './task-decider';
import type { TaskInput } from './task-events';

// Task commands go to their goal's stream, so they are specified through the goal decider.
const spec = deciderSpec(goalDecider);

const BATCH_AT = '2025-03-10T10:00:00.000Z';
const byOwner: CommandMetadata = { now: new Date('2025-03-10T12:00:00.000Z'), userId: 'user_1' };
const NOW = byOwner.now.toISOString();
const afterBatch = (milliseconds: number): CommandMetadata => ({
  ...byOwner,
  now: new Date(Date.parse(BATCH_AT) + milliseconds),
});

const goalCreated: GoalEvent = {
  type: 'GoalCreated',
  data: {
    goalId: 'goal_1',
    userId: 'user_1',
    title: 'Run a marathon',
    description: '',
    category: 'health',
    priority: 'high',
    targetDate: null,
    createdAt: '2025-03-01T08:00:00.000Z',
  },
};

const warmUp = { taskId: 'task_1', title: 'Warm up', estimatedMinutes: 10, energyLevel: 'low' } as const;
const run5k = { taskId: 'task_2', title: 'Run 5 km', estimatedMinutes: 30, energyLevel: 'high' } as const;

const batchGenerated = (tasks: TaskInput[], generatedAt = BATCH_AT): GoalEvent => ({
  type: 'TasksBatchGenerated',
  data: { batchId: 'batch_1', source: 'ai', tasks, aiMetadata: { model: 'test' }, generatedAt },
});
const generate = (tasks: TaskInput[], metadata = byOwner): GenerateTasksBatch => ({
  type: 'GenerateTasksBatch',
  data: { batchId: 'batch_2', source: 'ai', tasks, aiMetadata: { model: 'test' } },
  metadata,
});
const generated = (tasks: TaskInput[], generatedAt = NOW): GoalEvent => ({
  type: 'TasksBatchGenerated',
  data: { batchId: 'batch_2', source: 'ai', tasks, aiMetadata: { model: 'test' }, generatedAt },
});
const taskDeleted = (taskId: string): GoalEvent => ({ type: 'TaskDeleted', data: { taskId, deletedAt: BATCH_AT } });
const taskCompleted: GoalEvent = { type: 'TaskCompleted', data: { taskId: 'task_1', completedAt: BATCH_AT } };

const withTasks = [goalCreated, batchGenerated([warmUp, run5k])];

describe('Task decider (through the goal stream)', () => {
  describe('GenerateTasksBatch de-duplication', () => {
    it('given a goal without tasks, when GenerateTasksBatch, then TasksBatchGenerated', () => {
      spec
        .given([goalCreated])
        .when(generate([warmUp, run5k]))
        .then([generated([warmUp, run5k])]);
    });

    it('given a goal, when a batch repeats a task (title case and spacing aside), then the repeat is dropped', () => {
      const repeat = { ...warmUp, taskId: 'task_3', title: '  WARM UP ' };
      spec
        .given([goalCreated])
        .when(generate([warmUp, repeat, run5k]))
        .then([generated([warmUp, run5k])]);
    });

    it('given a goal, when a batch has the same title with other minutes, then both are kept', () => {
      const longer = { ...warmUp, taskId: 'task_3', estimatedMinutes: 20 };
      spec
        .given([goalCreated])
        .when(generate([warmUp, longer]))
        .then([generated([warmUp, longer])]);
    });

    it('given live tasks, when a batch repeats one of them, then only the new tasks are generated', () => {
      const stretch = { taskId: 'task_4', title: 'Stretch', estimatedMinutes: 5, energyLevel: 'low' } as const;
      spec
        .given(withTasks)
        .when(generate([{ ...warmUp, taskId: 'task_3', title: 'warm up' }, stretch]))
        .then([generated([stretch])]);
    });

    it('given live tasks, when every task of a batch is a duplicate, then no events', () => {
      spec
        .given(withTasks)
        .when(
          generate([
            { ...warmUp, taskId: 'task_3' },
            { ...run5k, taskId: 'task_4' },
          ]),
        )
        .then([]);
    });

    it('given a completed task, when a batch repeats it, then it is still a duplicate', () => {
      spec
        .given([...withTasks, taskCompleted])
        .when(generate([{ ...warmUp, taskId: 'task_3' }]))
        .then([]);
    });

    it('given a deleted task, when a later batch repeats it, then it is generated again', () => {
      const again = { ...warmUp, taskId: 'task_3' };
      spec
        .given([...withTasks, taskDeleted('task_1')])
        .when(generate([again]))
        .then([generated([again])]);
    });

    it('given an existing task id, when a batch reuses it (a retry), then that task is dropped', () => {
      spec
        .given(withTasks)
        .when(generate([{ ...warmUp, title: 'Something else' }]))
        .then([]);
    });

    describe('identical batch within one second', () => {
      // The previous batch's tasks were deleted, so only the one-second rule can hold the batch back.
      const deletedBatch = [...withTasks, taskDeleted('task_1'), taskDeleted('task_2')];
      const sameBatch = [
        { ...run5k, taskId: 'task_5' },
        { ...warmUp, taskId: 'task_6' },
      ];

      it('given a batch, when the identical batch arrives 999 ms later, then it is ignored', () => {
        spec
          .given(deletedBatch)
          .when(generate(sameBatch, afterBatch(999)))
          .then([]);
      });

      it('given a batch, when the identical batch arrives exactly 1 s later, then it is ignored', () => {
        spec
          .given(deletedBatch)
          .when(generate(sameBatch, afterBatch(1000)))
          .then([]);
      });

      it('given a batch, when the identical batch arrives 1001 ms later, then it is generated', () => {
        const at = afterBatch(1001);
        spec
          .given(deletedBatch)
          .when(generate(sameBatch, at))
          .then([generated(sameBatch, at.now.toISOString())]);
      });

      it('given a batch, when a different batch arrives 999 ms later, then it is generated', () => {
        const at = afterBatch(999);
        const different = [sameBatch[0]!];
        spec
          .given(deletedBatch)
          .when(generate(different, at))
          .then([generated(different, at.now.toISOString())]);
      });
    });
  });

  describe('task lifecycle', () => {
    it('given a task, when UpdateTask, then TaskUpdated with only the changes', () => {
      spec
        .given(withTasks)
        .when({
          type: 'UpdateTask',
          data: { taskId: 'task_1', changes: { title: 'Warm up', estimatedMinutes: 15 } },
          metadata: byOwner,
        })
        .then([{ type: 'TaskUpdated', data: { taskId: 'task_1', changes: { estimatedMinutes: 15 } } }]);
    });

    it('given a task, when StartTask, then TaskStarted', () => {
      spec
        .given(withTasks)
        .when({ type: 'StartTask', data: { taskId: 'task_1' }, metadata: byOwner })
        .then([{ type: 'TaskStarted', data: { taskId: 'task_1', startedAt: NOW } }]);
    });

    it('given a started task, when StartTask, then no events', () => {
      spec
        .given([...withTasks, { type: 'TaskStarted', data: { taskId: 'task_1', startedAt: BATCH_AT } }])
        .when({ type: 'StartTask', data: { taskId: 'task_1' }, metadata: byOwner })
        .then([]);
    });

    it('given a completed task, when StartTask, then illegal_state', () => {
      spec
        .given([...withTasks, taskCompleted])
        .when({ type: 'StartTask', data: { taskId: 'task_1' }, metadata: byOwner })
        .thenThrows('illegal_state', 'Task is already completed');
    });

    it('given a task, when CompleteTask with actual minutes, then TaskCompleted', () => {
      spec
        .given(withTasks)
        .when({ type: 'CompleteTask', data: { taskId: 'task_1', actualMinutes: 12 }, metadata: byOwner })
        .then([{ type: 'TaskCompleted', data: { taskId: 'task_1', completedAt: NOW, actualMinutes: 12 } }]);
    });

    it('given a completed task, when CompleteTask, then illegal_state', () => {
      spec
        .given([...withTasks, taskCompleted])
        .when({ type: 'CompleteTask', data: { taskId: 'task_1' }, metadata: byOwner })
        .thenThrows('illegal_state', 'Task is already completed');
    });

    it('given a completed task, when ReopenTask, then TaskReopened', () => {
      spec
        .given([...withTasks, taskCompleted])
        .when({ type: 'ReopenTask', data: { taskId: 'task_1' }, metadata: byOwner })
        .then([{ type: 'TaskReopened', data: { taskId: 'task_1' } }]);
    });

    it('given an open task, when ReopenTask, then illegal_state', () => {
      spec
        .given(withTasks)
        .when({ type: 'ReopenTask', data: { taskId: 'task_1' }, metadata: byOwner })
        .thenThrows('illegal_state', 'Task is not completed');
    });

    it('given a reopened task, when CompleteTask, then TaskCompleted', () => {
      spec
        .given([...withTasks, taskCompleted, { type: 'TaskReopened', data: { taskId: 'task_1' } }])
        .when({ type: 'CompleteTask', data: { taskId: 'task_1' }, metadata: byOwner })
        .then([{ type: 'TaskCompleted', data: { taskId: 'task_1', completedAt: NOW } }]);
    });

    it('given a task, when LogTaskTime, then TaskTimeLogged', () => {
      spec
        .given(withTasks)
        .when({ type: 'LogTaskTime', data: { taskId: 'task_1', actualMinutes: 25 }, metadata: byOwner })
        .then([{ type: 'TaskTimeLogged', data: { taskId: 'task_1', actualMinutes: 25 } }]);
    });

    it('given a task, when LogTaskTime with 0 minutes, then validation', () => {
      spec
        .given(withTasks)
        .when({ type: 'LogTaskTime', data: { taskId: 'task_1', actualMinutes: 0 }, metadata: byOwner })
        .thenThrows('validation', undefined, { field: 'actualMinutes' });
    });

    it('given a task, when DeleteTask, then TaskDeleted', () => {
      spec
        .given(withTasks)
        .when({ type: 'DeleteTask', data: { taskId: 'task_1' }, metadata: byOwner })
        .then([{ type: 'TaskDeleted', data: { taskId: 'task_1', deletedAt: NOW } }]);
    });

    it.each<TaskCommand>([
      { type: 'UpdateTask', data: { taskId: 'task_1', changes: { title: 'x' } }, metadata: byOwner },
      { type: 'StartTask', data: { taskId: 'task_1' }, metadata: byOwner },
      { type: 'CompleteTask', data: { taskId: 'task_1' }, metadata: byOwner },
      { type: 'ReopenTask', data: { taskId: 'task_1' }, metadata: byOwner },
      { type: 'LogTaskTime', data: { taskId: 'task_1', actualMinutes: 5 }, metadata: byOwner },
      { type: 'DeleteTask', data: { taskId: 'task_1' }, metadata: byOwner },
    ])('given a deleted task, when $type, then not_found', (command) => {
      spec
        .given([...withTasks, taskDeleted('task_1')])
        .when(command)
        .thenThrows('not_found', 'Task not found');
    });

    it('given a goal, when StartTask on an unknown task, then not_found', () => {
      spec
        .given(withTasks)
        .when({ type: 'StartTask', data: { taskId: 'task_9' }, metadata: byOwner })
        .thenThrows('not_found', 'Task not found');
    });
  });
});
