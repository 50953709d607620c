import { describe, expect, it } from 'vitest';
import { foldEvents } from '../shared/decider';
import { goalDecider } from '../goals/goal-decider';
import type { GoalEvent } from '../goals/goal-events';

const events: GoalEvent[] = [
  {
    type: 'GoalCreated',
    data: {
      goalId: 'goal_1',
      userId: 'user_1',
      title: 'Write a book',
      description: '',
      category: 'personal',
      priority: 'medium',
      targetDate: null,
      createdAt: '2025-03-01T08:00:00.000Z',
    },
  },
  {
    type: 'TaskAdded',
    data: {
      taskId: 'task_1',
      title: 'Outline',
      estimatedMinutes: 60,
      energyLevel: 'high',
      addedAt: '2025-03-01T09:00:00.000Z',
    },
  },
  { type: 'TaskStarted', data: { taskId: 'task_1', startedAt: '2025-03-02T09:00:00.000Z' } },
  { type: 'TaskTimeLogged', data: { taskId: 'task_1', actualMinutes: 40 } },
  { type: 'TaskTimeLogged', data: { taskId: 'task_1', actualMinutes: 25 } },
  { type: 'TaskCompleted', data: { taskId: 'task_1', completedAt: '2025-03-02T11:00:00.000Z', actualMinutes: 10 } },
];

describe('Task state', () => {
  it('accumulates logged minutes, including those given on completion', () => {
    const task = foldEvents(goalDecider, events)?.tasks.items[0];
    expect(task).toMatchObject({ status: 'done', actualMinutes: 75, source: 'manual', description: null });
  });

  it('keeps a soft-deleted task with its deletion time', () => {
    const deletedAt = '2025-03-03T08:00:00.000Z';
    const task = foldEvents(goalDecider, [...events, { type: 'TaskDeleted', data: { taskId: 'task_1', deletedAt } }])
      ?.tasks.items[0];
    expect(task?.deletedAt).toBe(deletedAt);
  });
});
