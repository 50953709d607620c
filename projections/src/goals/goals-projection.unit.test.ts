import { describe, expect, it } from 'vitest';
import { eventRegistry } from '@stride/domain/event-catalogue';
import { replay, storedEvents } from '../../test/replay';
import { createGoalsProjection } from './goals-projection';
import { goalsTable, tasksTable } from './goals-tables';

const projection = createGoalsProjection(eventRegistry);
const stream = 'goal-g1';
const created = {
  type: 'GoalCreated',
  data: {
    goalId: 'g1',
    userId: 'usr_1',
    title: 'Run',
    description: '',
    category: 'health',
    priority: 'high',
    targetDate: '2027-01-01',
    createdAt: '2026-01-01T00:00:00Z',
  },
};
const task = (taskId: string, title: string) => ({ taskId, title, estimatedMinutes: 30, energyLevel: 'low' });

describe('goals projection', () => {
  it('creates the goal row from GoalCreated (timestamps normalised, version 1)', () => {
    const rows = replay(projection, storedEvents([{ streamId: stream, event: created }]));
    expect(rows.get(goalsTable, { id: 'g1' })).toEqual({
      id: 'g1',
      user_id: 'usr_1',
      title: 'Run',
      description: '',
      category: 'health',
      priority: 'high',
      target_date: '2027-01-01',
      status: 'active',
      ai_metadata: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      completed_at: null,
      deleted_at: null,
      version: 1,
    });
  });

  it('upcasts GoalCreated v1 (no category or priority) to the defaults', () => {
    const { category: _c, priority: _p, ...v1 } = created.data;
    const rows = replay(
      projection,
      storedEvents([{ streamId: stream, event: { type: 'GoalCreated', data: v1 }, schemaVersion: 1 }]),
    );
    expect(rows.get(goalsTable, { id: 'g1' })).toMatchObject({ category: 'personal', priority: 'medium' });
  });

  it('follows updates, completion, reactivation and soft delete; the version is the stream version', () => {
    const rows = replay(
      projection,
      storedEvents([
        { streamId: stream, event: created },
        { streamId: stream, event: { type: 'GoalUpdated', data: { changes: { title: 'Run far', targetDate: null } } } },
        { streamId: stream, event: { type: 'GoalCompleted', data: { completedAt: '2026-02-01T10:00:00.000Z' } } },
        { streamId: stream, event: { type: 'GoalReactivated', data: {} } },
        { streamId: stream, event: { type: 'GoalAbandoned', data: { abandonedAt: '2026-02-02T10:00:00.000Z' } } },
        { streamId: stream, event: { type: 'GoalDeleted', data: { deletedAt: '2026-02-03T10:00:00.000Z' } } },
      ]),
    );
    expect(rows.get(goalsTable, { id: 'g1' })).toMatchObject({
      title: 'Run far',
      target_date: null,
      status: 'abandoned',
      completed_at: null,
      deleted_at: '2026-02-03T10:00:00.000Z',
      version: 6,
    });
  });

  it('keeps tasks in order with their status, minutes and soft delete; AI metadata goes on the goal', () => {
    const rows = replay(
      projection,
      storedEvents([
        { streamId: stream, event: created },
        {
          streamId: stream,
          event: {
            type: 'TasksBatchGenerated',
            data: {
              batchId: 'b1',
              source: 'ai',
              tasks: [task('t1', 'Shoes'), task('t2', 'Plan')],
              aiMetadata: { model: 'embedded' },
              generatedAt: '2026-01-02T00:00:00.000Z',
            },
          },
        },
        {
          streamId: stream,
          event: { type: 'TaskAdded', data: { ...task('t3', 'Stretch'), addedAt: '2026-01-03T00:00:00.000Z' } },
        },
        {
          streamId: stream,
          event: { type: 'TaskStarted', data: { taskId: 't1', startedAt: '2026-01-04T00:00:00.000Z' } },
        },
        { streamId: stream, event: { type: 'TaskTimeLogged', data: { taskId: 't1', actualMinutes: 10 } } },
        {
          streamId: stream,
          event: {
            type: 'TaskCompleted',
            data: { taskId: 't1', completedAt: '2026-01-05T00:00:00.000Z', actualMinutes: 5 },
          },
        },
        {
          streamId: stream,
          event: { type: 'TaskUpdated', data: { taskId: 't2', changes: { title: 'Plan route', energyLevel: 'high' } } },
        },
        {
          streamId: stream,
          event: { type: 'TaskDeleted', data: { taskId: 't3', deletedAt: '2026-01-06T00:00:00.000Z' } },
        },
      ]),
    );
    const tasks = rows.rows(tasksTable);
    expect(tasks.map((row) => [row.id, row.added_position, row.added_index])).toEqual([
      ['t1', 2, 0],
      ['t2', 2, 1],
      ['t3', 3, 0],
    ]);
    expect(rows.get(tasksTable, { goal_id: 'g1', id: 't1' })).toMatchObject({
      status: 'done',
      actual_minutes: 15,
      source: 'ai',
      started_at: '2026-01-04T00:00:00.000Z',
    });
    expect(rows.get(tasksTable, { goal_id: 'g1', id: 't2' })).toMatchObject({
      title: 'Plan route',
      energy_level: 'high',
    });
    expect(rows.get(tasksTable, { goal_id: 'g1', id: 't3' })).toMatchObject({
      source: 'manual',
      deleted_at: '2026-01-06T00:00:00.000Z',
    });
    // The goal's row takes each task event's stamp, not the tasks themselves (they are read from `tasks`).
    expect(rows.get(goalsTable, { id: 'g1' })).toMatchObject({ ai_metadata: { model: 'embedded' }, version: 8 });
    expect(rows.get(goalsTable, { id: 'g1' })).not.toHaveProperty('generated_tasks');
  });

  it('ignores events of other aggregates and of goals it never saw created', () => {
    const rows = replay(
      projection,
      storedEvents([
        { streamId: 'usage-u1', event: { type: 'GoalCounted', data: { month: '2026-01', goalId: 'g1' } } },
        { streamId: 'goal-ghost', event: { type: 'GoalCompleted', data: { completedAt: '2026-01-01T00:00:00.000Z' } } },
        { streamId: 'billing-u1', event: { type: 'SomethingNew', data: {} } },
      ]),
    );
    expect(rows.rows(goalsTable)).toEqual([]);
  });

  it('TasksReordered ranks the listed tasks; tasks added later have none (they go last)', () => {
    const batch = (batchId: string, ...ids: string[]) => ({
      streamId: stream,
      event: {
        type: 'TasksBatchGenerated',
        data: {
          batchId,
          source: 'manual',
          tasks: ids.map((id) => task(id, `Task ${id}`)),
          aiMetadata: null,
          generatedAt: '2026-01-02T00:00:00.000Z',
        },
      },
    });
    const rows = replay(
      projection,
      storedEvents([
        { streamId: stream, event: created },
        batch('b1', 't1', 't2', 't3'),
        { streamId: stream, event: { type: 'TasksReordered', data: { taskIds: ['t3', 't1', 't2'] } } },
        batch('b2', 't4'),
      ]),
    );
    expect(rows.rows(tasksTable).map((row) => [row.id, row.rank_in_goal])).toEqual([
      ['t1', 1],
      ['t2', 2],
      ['t3', 0],
      ['t4', null],
    ]);
    expect(rows.get(goalsTable, { id: 'g1' })).toMatchObject({ version: 4 });
  });

  it('fails on a malformed event it handles instead of skipping it', () => {
    const events = storedEvents([{ streamId: stream, event: { type: 'GoalCreated', data: { goalId: 'g1' } } }]);
    expect(() => projection.decodeBatch(events)).toThrow();
  });
});
