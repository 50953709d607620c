import { describe, expect, it } from 'vitest';
import { eventRegistry } from '@stride/domain/event-catalogue';
import { replay, storedEvents } from '../../test/replay';
import { createGoalsProjection } from '../goals/goals-projection';
import { tasksTable } from '../goals/goals-tables';
import { createPlannerProjection } from './planner-projection';
import { taskPlansTable, taskSeriesTable, taskTimeEntriesTable } from './planner-tables';

const planner = createPlannerProjection(eventRegistry);
const streamId = 'goal-g1';
const template = { title: 'Walk', description: null, estimatedMinutes: 20, energyLevel: 'low', dueOffsetDays: 1 };
const recurrence = { rule: { kind: 'daily' }, startDate: '2026-11-25' };
const events = storedEvents(
  [
    {
      type: 'GoalCreated',
      data: {
        goalId: 'g1',
        userId: 'usr_test',
        title: 'Health',
        description: '',
        category: 'health',
        priority: 'high',
        targetDate: null,
        createdAt: '2026-11-20T00:00:00Z',
      },
    },
    {
      type: 'TasksBatchGenerated',
      data: {
        batchId: 'b1',
        source: 'manual',
        tasks: [
          { taskId: 'walk', title: 'Walk', estimatedMinutes: 20, energyLevel: 'low' },
          { taskId: 'tax', title: 'Taxes', estimatedMinutes: 60, energyLevel: 'high' },
        ],
        aiMetadata: null,
        generatedAt: '2026-11-20T00:00:00Z',
      },
    },
    { type: 'TaskScheduled', data: { taskId: 'tax', doDate: '2026-11-26' } },
    { type: 'TaskDueDateSet', data: { taskId: 'tax', dueDate: '2026-11-30' } },
    { type: 'TaskScheduled', data: { taskId: 'tax', doDate: '2026-11-27' } },
    { type: 'TaskDueDateCleared', data: { taskId: 'tax' } },
    {
      type: 'TaskRecurrenceSet',
      data: { taskId: 'walk', seriesId: 'walk', occurrenceDate: '2026-11-25', recurrence, template },
    },
    { type: 'TaskTimeLogged', data: { taskId: 'walk', actualMinutes: 5 } },
    { type: 'TaskCompleted', data: { taskId: 'walk', completedAt: '2026-11-25T08:00:00Z', actualMinutes: 15 } },
    {
      type: 'TaskOccurrenceCreated',
      data: {
        taskId: 'walk@2026-11-26',
        seriesId: 'walk',
        occurrenceDate: '2026-11-26',
        title: 'Walk',
        description: null,
        estimatedMinutes: 20,
        energyLevel: 'low',
        dueDate: '2026-11-27',
        createdAt: '2026-11-25T08:00:00Z',
      },
    },
    { type: 'TaskSeriesUpdated', data: { seriesId: 'walk', changes: { estimatedMinutes: 30 } } },
    { type: 'TaskRecurrenceCleared', data: { taskId: 'walk@2026-11-26', seriesId: 'walk' } },
  ].map((event) => ({ streamId, event })),
);

describe('planner projection', () => {
  const rows = replay(planner, events);

  it('keeps each task’s do and due dates as the last event left them', () => {
    expect(rows.get(taskPlansTable, { goal_id: 'g1', task_id: 'tax' })).toMatchObject({
      user_id: 'usr_test',
      do_date: '2026-11-27',
      due_date: null,
      series_id: null,
    });
  });

  it('plans the first occurrence on its date and each new occurrence on its own, with its due date', () => {
    expect(rows.get(taskPlansTable, { goal_id: 'g1', task_id: 'walk' })).toMatchObject({
      do_date: '2026-11-25',
      series_id: 'walk',
      occurrence_date: '2026-11-25',
    });
    expect(rows.get(taskPlansTable, { goal_id: 'g1', task_id: 'walk@2026-11-26' })).toMatchObject({
      do_date: '2026-11-26',
      due_date: '2026-11-27',
      series_id: 'walk',
      occurrence_date: '2026-11-26',
    });
  });

  it('keeps the series with its template edits, and marks it ended when cleared', () => {
    expect(rows.get(taskSeriesTable, { goal_id: 'g1', series_id: 'walk' })).toMatchObject({
      recurrence,
      template: { ...template, estimatedMinutes: 30 },
      ended: true,
    });
  });

  it('records every time entry, logged or given at completion', () => {
    expect(rows.rows(taskTimeEntriesTable)).toEqual([
      expect.objectContaining({ task_id: 'walk', minutes: 5, via: 'log', entry_id: '8' }),
      expect.objectContaining({
        task_id: 'walk',
        minutes: 15,
        via: 'completion',
        logged_at: '2026-11-25T08:00:00.000Z',
      }),
    ]);
  });

  it('the goals read model shows the new occurrence as a task of the goal', () => {
    const goals = replay(createGoalsProjection(eventRegistry), events);
    expect(goals.get(tasksTable, { goal_id: 'g1', id: 'walk@2026-11-26' })).toMatchObject({
      title: 'Walk',
      status: 'todo',
      source: 'template',
    });
    expect(goals.rows(tasksTable).filter((row) => row.goal_id === 'g1' && row.deleted_at === null)).toHaveLength(3);
  });
});
