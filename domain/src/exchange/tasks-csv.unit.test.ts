import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { stream } from './fixtures/goal-stream';
import { goalExportOf, type StrideExport } from './stride-export';
import { csvField, tasksCsvOf } from './tasks-csv';

describe('csvField', () => {
  it.each<[string | number | null, string]>([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['-1 day', "'-1 day"],
    [42, '42'],
    [null, ''],
  ])('%j is written %s', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('tasksCsvOf', () => {
  it('writes one row per live task, readable back by a CSV parser', () => {
    const goal = goalExportOf(stream);
    if (goal === null) throw new Error('no goal');
    const document: StrideExport = {
      format: 'stride.export',
      version: 1,
      exportedAt: '2026-11-25T12:00:00.000Z',
      user: { userId: 'user_1', email: 'anna@example.com', name: 'Anna' },
      preferences: {},
      goals: [{ ...goal, title: 'Keep fit, "really"' }],
      collections: [],
      templates: [],
    };
    const text = tasksCsvOf(document);
    expect(text.split('\r\n')[0]).toBe(
      'goal,goal_status,task,description,status,energy,estimated_minutes,actual_minutes,do_date,due_date,recurring_series,created_at,completed_at',
    );
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(
      rows.map((row) => [row.goal, row.task, row.status, row.actual_minutes, row.do_date, row.recurring_series]),
    ).toEqual([
      ['Keep fit, "really"', 'Run 5 km', 'todo', '35', '', ''],
      ['Keep fit, "really"', 'Stretch', 'done', '', '2026-11-20', 't2'],
      ['Keep fit, "really"', 'Stretch', 'todo', '', '2026-11-21', 't2'],
    ]);
  });
});
