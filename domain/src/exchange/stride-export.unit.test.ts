import { describe, expect, it } from 'vitest';
import { goalExportOf, strideExportSchema, type RecordedGoalEvent, type StrideExport } from './stride-export';

const at = (minute: number): string => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();
let minute = 0;
const recorded = (event: RecordedGoalEvent['event']): RecordedGoalEvent => ({ event, recordedAt: at((minute += 1)) });

const stream: RecordedGoalEvent[] = [
  recorded({
    type: 'GoalCreated',
    data: {
      goalId: 'goal_1',
      userId: 'user_1',
      title: 'Keep fit',
      description: 'Move daily',
      category: 'health',
      priority: 'high',
      targetDate: '2027-06-01',
      createdAt: at(0),
    },
  }),
  recorded({
    type: 'TasksBatchGenerated',
    data: {
      batchId: 'b1',
      source: 'ai',
      tasks: [{ taskId: 't1', title: 'Run 5 km', estimatedMinutes: 30, energyLevel: 'high' }],
      aiMetadata: { model: 'test', tokens: 120 },
      generatedAt: at(2),
    },
  }),
  recorded({ type: 'TaskStarted', data: { taskId: 't1', startedAt: at(3) } }),
  recorded({ type: 'TaskTimeLogged', data: { taskId: 't1', actualMinutes: 10 } }),
  recorded({ type: 'TaskCompleted', data: { taskId: 't1', completedAt: at(5), actualMinutes: 25 } }),
  recorded({ type: 'TaskReopened', data: { taskId: 't1' } }),
  recorded({
    type: 'TaskAdded',
    data: { taskId: 't2', title: 'Stretch', estimatedMinutes: 10, energyLevel: 'low', addedAt: at(7) },
  }),
  recorded({
    type: 'TaskRecurrenceSet',
    data: {
      taskId: 't2',
      seriesId: 't2',
      occurrenceDate: '2026-11-20',
      recurrence: { rule: { kind: 'daily' }, startDate: '2026-11-20' },
      template: { title: 'Stretch', description: null, estimatedMinutes: 10, energyLevel: 'low', dueOffsetDays: null },
    },
  }),
  recorded({ type: 'TaskCompleted', data: { taskId: 't2', completedAt: at(9) } }),
  recorded({
    type: 'TaskOccurrenceCreated',
    data: {
      taskId: 't2@2026-11-21',
      seriesId: 't2',
      occurrenceDate: '2026-11-21',
      title: 'Stretch',
      description: null,
      estimatedMinutes: 10,
      energyLevel: 'low',
      dueDate: null,
      createdAt: at(10),
    },
  }),
  recorded({ type: 'TaskDueDateSet', data: { taskId: 't1', dueDate: '2026-11-30' } }),
  recorded({ type: 'GoalAbandoned', data: { abandonedAt: at(12), reason: 'Injury' } }),
  recorded({ type: 'GoalReactivated', data: {} }),
];

describe('goalExportOf', () => {
  const goal = goalExportOf(stream);

  it('keeps the goal, its status history and its last AI metadata', () => {
    expect(goal).toMatchObject({
      goalId: 'goal_1',
      title: 'Keep fit',
      status: 'active',
      targetDate: '2027-06-01',
      aiMetadata: { model: 'test', tokens: 120 },
      statusHistory: [
        { status: 'active', at: at(0) },
        { status: 'abandoned', at: at(12), reason: 'Injury' },
        { status: 'active', at: at(13) },
      ],
    });
  });

  it('keeps every status change and time entry of a task', () => {
    expect(goal?.tasks[0]).toEqual({
      taskId: 't1',
      title: 'Run 5 km',
      description: null,
      estimatedMinutes: 30,
      energyLevel: 'high',
      source: 'ai',
      status: 'todo',
      createdAt: at(2),
      startedAt: at(3),
      completedAt: null,
      deletedAt: null,
      doDate: null,
      dueDate: '2026-11-30',
      seriesId: null,
      occurrenceDate: null,
      statusHistory: [
        { status: 'todo', at: at(2) },
        { status: 'in_progress', at: at(3) },
        { status: 'done', at: at(5) },
        { status: 'todo', at: at(6) },
      ],
      timeLog: [
        { minutes: 10, at: at(4), via: 'log' },
        { minutes: 25, at: at(5), via: 'completion' },
      ],
    });
  });

  it('keeps series and occurrences with their link', () => {
    expect(goal?.series).toEqual([
      {
        seriesId: 't2',
        recurrence: { rule: { kind: 'daily' }, startDate: '2026-11-20' },
        template: {
          title: 'Stretch',
          description: null,
          estimatedMinutes: 10,
          energyLevel: 'low',
          dueOffsetDays: null,
        },
        ended: false,
      },
    ]);
    expect(
      goal?.tasks.map(({ taskId, seriesId, occurrenceDate, doDate, status, source }) => ({
        taskId,
        seriesId,
        occurrenceDate,
        doDate,
        status,
        source,
      })),
    ).toEqual([
      { taskId: 't1', seriesId: null, occurrenceDate: null, doDate: null, status: 'todo', source: 'ai' },
      {
        taskId: 't2',
        seriesId: 't2',
        occurrenceDate: '2026-11-20',
        doDate: '2026-11-20',
        status: 'done',
        source: 'manual',
      },
      {
        taskId: 't2@2026-11-21',
        seriesId: 't2',
        occurrenceDate: '2026-11-21',
        doDate: '2026-11-21',
        status: 'todo',
        source: 'template',
      },
    ]);
  });

  it('is null for a stream without GoalCreated', () => {
    expect(goalExportOf(stream.slice(1))).toBeNull();
  });
});

describe('strideExportSchema', () => {
  const goal = goalExportOf(stream);
  if (goal === null) throw new Error('the test stream has a goal');
  const document: StrideExport = {
    format: 'stride.export',
    version: 1,
    exportedAt: at(30),
    user: { userId: 'user_1', email: 'anna@example.com', name: 'Anna' },
    preferences: { lastViewedGoalId: 'goal_1', theme: 'dark' },
    goals: [goal],
    collections: [
      { collectionId: 'c1', name: 'Health', description: null, color: '#22aa66', goalIds: ['goal_1'], deleted: false },
    ],
  };

  it('round-trips through JSON without loss', () => {
    const text = JSON.stringify(document);
    expect(strideExportSchema.parse(JSON.parse(text))).toEqual(document);
  });

  it('refuses impossible dates, repeated ids and collections naming goals not exported', () => {
    const badDate = { ...document, goals: [{ ...goal, targetDate: '2027-02-30' }] };
    expect(strideExportSchema.safeParse(badDate).success).toBe(false);
    const twice = { ...document, goals: [goal, goal] };
    expect(strideExportSchema.safeParse(twice).error?.issues.map((issue) => issue.message)).toEqual(
      expect.arrayContaining(['Goal ids repeat', 'Task ids repeat']),
    );
    const stray = { ...document, collections: [{ ...document.collections[0], goalIds: ['nope'] }] };
    expect(strideExportSchema.safeParse(stray).error?.issues[0]?.message).toBe(
      'A collection names a goal not in the export',
    );
    expect(strideExportSchema.safeParse({ ...document, version: 2 }).success).toBe(false);
  });
});
