import { describe, expect, it } from 'vitest';
import { evolve, initialState, type GoalEvent, type GoalState } from '../goals/goal-events';
import { goalMetricsFromState } from './goal-metrics';

const task = (taskId: string, estimatedMinutes: number) => ({
  taskId,
  title: taskId,
  estimatedMinutes,
  energyLevel: 'medium' as const,
});

describe('goal metrics', () => {
  it('sums estimates and logged minutes over live tasks and rates the estimates', () => {
    const events: GoalEvent[] = [
      {
        type: 'GoalCreated',
        data: {
          goalId: 'g1',
          userId: 'u1',
          title: 'Run',
          description: '',
          targetDate: null,
          createdAt: '2024-03-01T09:00:00.000Z',
          category: 'health',
          priority: 'high',
        },
      },
      {
        type: 'TasksBatchGenerated',
        data: {
          batchId: 'b1',
          source: 'ai',
          tasks: [task('t1', 30), task('t2', 60), task('t3', 10)],
          aiMetadata: null,
          generatedAt: '2024-03-01T09:01:00.000Z',
        },
      },
      { type: 'TaskCompleted', data: { taskId: 't1', completedAt: '2024-03-02T09:00:00.000Z', actualMinutes: 60 } },
      { type: 'TaskCompleted', data: { taskId: 't2', completedAt: '2024-03-02T09:00:00.000Z', actualMinutes: 60 } },
      { type: 'TaskDeleted', data: { taskId: 't3', deletedAt: '2024-03-02T09:00:00.000Z' } },
      { type: 'GoalCompleted', data: { completedAt: '2024-03-04T10:00:00.000Z' } },
    ];
    const state = events.reduce<GoalState>(evolve, initialState());
    expect(goalMetricsFromState(state!, 1)).toEqual({
      goalId: 'g1',
      userId: 'u1',
      status: 'completed',
      createdAt: '2024-03-01T09:00:00.000Z',
      completedAt: '2024-03-04T10:00:00.000Z',
      daysToComplete: 3,
      tasksTotal: 2,
      tasksCompleted: 2,
      taskCompletionRate: 1,
      estimatedMinutes: 90,
      actualMinutes: 120,
      // t1: 30 of 60 = 0.5; t2: exact = 1
      estimateAccuracy: 0.75,
      aiBreakdowns: 1,
    });
  });
});
