import { describe, expect, it } from 'vitest';
import { at, stream } from './fixtures/goal-stream';
import { goalExportOf, strideExportSchema, type StrideExport } from './stride-export';

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
    templates: [
      {
        templateId: 'tpl_1',
        title: 'Weekly review',
        description: '',
        category: 'personal',
        priority: 'medium',
        tasks: [{ title: 'Plan the week', description: null, estimatedMinutes: 30, energyLevel: 'high' }],
        sourceGoalId: 'goal_1',
      },
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

  it('reads an export made before templates existed as one without templates', () => {
    const { templates: _templates, ...older } = document;
    expect(strideExportSchema.parse(JSON.parse(JSON.stringify(older))).templates).toEqual([]);
  });
});
