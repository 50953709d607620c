import { describe, expect, it } from 'vitest';
import sample from './fixtures/todoist-sample.csv?raw';
import { DomainError } from '../shared/domain-error';
import { mapTodoistRows, parseTodoistCsv, readTodoistCsv } from './todoist-csv';

const options = { now: new Date('2026-11-25T15:00:00Z'), timeZone: 'Europe/Berlin' };

describe('Todoist CSV import', () => {
  it.each(['"C', 'TYPE,CONTENT\ntask,"never closed'])(
    'given text that is not well-formed CSV (%j), when read, then a validation error on csv (a 400, never a 500)',
    (csv) => {
      const read = () => readTodoistCsv(csv, options);
      expect(read).toThrow(DomainError);
      expect(read).toThrow(/not CSV that Stride can read/);
      try {
        read();
      } catch (error) {
        expect(error).toMatchObject({ code: 'validation', details: { field: 'csv' } });
      }
    },
  );

  it('reads the sample export: tasks with dates, minutes, recurrence, sections, sub-tasks and notes', () => {
    const { tasks, skipped } = readTodoistCsv(sample, options);
    expect(tasks).toEqual([
      {
        line: 3,
        title: 'Buy milk',
        description: 'From the corner shop',
        estimatedMinutes: 15,
        priority: 4,
        doDate: '2026-11-26',
        dueDate: null,
        recurrence: null,
        unreadDate: null,
        section: 'Errands',
        parentLine: null,
      },
      {
        line: 4,
        title: 'Get oat milk too',
        description: 'Remember the receipt, please',
        estimatedMinutes: null,
        priority: 1,
        doDate: null,
        dueDate: null,
        recurrence: null,
        unreadDate: null,
        section: 'Errands',
        parentLine: 3,
      },
      {
        line: 6,
        title: 'Pick up "the" parcel',
        description: 'Post office, counter 3',
        estimatedMinutes: 1440,
        priority: 2,
        doDate: '2026-12-03',
        dueDate: null,
        recurrence: null,
        unreadDate: null,
        section: 'Errands',
        parentLine: null,
      },
      {
        line: 9,
        title: 'Water plants',
        description: null,
        estimatedMinutes: null,
        priority: 1,
        doDate: null,
        dueDate: null,
        recurrence: { kind: 'everyNDays', interval: 3 },
        unreadDate: null,
        section: 'Home',
        parentLine: null,
      },
      {
        line: 10,
        title: 'Stretch',
        description: 'Neck,\r\nshoulders',
        estimatedMinutes: 10,
        priority: 3,
        doDate: null,
        dueDate: null,
        recurrence: { kind: 'weekdays' },
        unreadDate: null,
        section: 'Home',
        parentLine: null,
      },
      {
        line: 11,
        title: 'Old overdue thing',
        description: null,
        estimatedMinutes: null,
        priority: 1,
        doDate: '2026-10-01',
        dueDate: null,
        recurrence: null,
        unreadDate: null,
        section: 'Home',
        parentLine: null,
      },
      {
        line: 12,
        title: 'Someday maybe',
        description: 'Todoist date: whenever I feel like it',
        estimatedMinutes: null,
        priority: 1,
        doDate: null,
        dueDate: null,
        recurrence: null,
        unreadDate: 'whenever I feel like it',
        section: 'Home',
        parentLine: null,
      },
    ]);
    expect(skipped).toEqual([{ line: 13, reason: 'A task without content' }]);
  });

  it('reads the DEADLINE column of newer exports as the due date, and a lower-case header', () => {
    const csv =
      'type,content,priority,indent,date,timezone,deadline\ntask,File taxes,4,1,Dec 1 2026,Europe/Berlin,Dec 15 2026\n';
    const [task] = readTodoistCsv(csv, options).tasks;
    expect(task).toMatchObject({ title: 'File taxes', doDate: '2026-12-01', dueDate: '2026-12-15', priority: 4 });
  });

  it('reads relative dates in the row time zone', () => {
    const early = { ...options, now: new Date('2026-11-25T04:30:00Z') };
    const rows = parseTodoistCsv(
      'TYPE,CONTENT,DATE,TIMEZONE\ntask,A,tomorrow,America/New_York\ntask,B,tomorrow,Europe/Berlin\ntask,C,tomorrow,Nowhere/Land\n',
    );
    expect(mapTodoistRows(rows, early).tasks.map((task) => task.doDate)).toEqual([
      '2026-11-25',
      '2026-11-26',
      '2026-11-26',
    ]);
  });

  it('reports unknown row types and orphan notes', () => {
    const csv = 'TYPE,CONTENT\nnote,Lost note\nlabel,urgent\ntask,Fine\n';
    expect(readTodoistCsv(csv, options)).toMatchObject({
      tasks: [{ title: 'Fine', line: 4 }],
      skipped: [
        { line: 2, reason: 'A note without a task before it' },
        { line: 3, reason: "Unknown row type 'label'" },
      ],
    });
  });

  it('throws on a malformed CSV (an unclosed quote)', () => {
    expect(() => parseTodoistCsv('TYPE,CONTENT\ntask,"unclosed\n')).toThrow();
  });
});
