import { parse } from 'csv-parse/sync';
import { isTimeZone, type LocalDate } from '../dates/local-date';
import { parseQuickAdd } from '../quick-add/quick-add';
import { DomainError } from '../shared/domain-error';
import type { RecurrenceRule } from '../recurrence/recurrence-rule';

/**
 * Todoist's project CSV export (the "Export as a template" file) read into tasks, purely: text in,
 * tasks and the rows that could not be taken out. Columns: TYPE, CONTENT, DESCRIPTION, PRIORITY, INDENT,
 * AUTHOR, RESPONSIBLE, DATE, DATE_LANG, TIMEZONE, DURATION, DURATION_UNIT (newer exports add DEADLINE).
 */
export const todoistColumns = [
  'TYPE',
  'CONTENT',
  'DESCRIPTION',
  'PRIORITY',
  'INDENT',
  'AUTHOR',
  'RESPONSIBLE',
  'DATE',
  'DATE_LANG',
  'TIMEZONE',
  'DURATION',
  'DURATION_UNIT',
] as const;

export type TodoistRow = Partial<Record<(typeof todoistColumns)[number] | 'DEADLINE', string>>;

export interface TodoistTask {
  /** The CSV record it came from (the header is record 1). */
  readonly line: number;
  readonly title: string;
  readonly description: string | null;
  readonly estimatedMinutes: number | null;
  /** Todoist's API priority: 4 is the red "p1", 1 the default "p4". Stride tasks have none; kept for the caller. */
  readonly priority: 1 | 2 | 3 | 4;
  readonly doDate: LocalDate | null;
  readonly dueDate: LocalDate | null;
  readonly recurrence: RecurrenceRule | null;
  /** The DATE text when it could not be read as a date or a recurrence (it is also added to the description). */
  readonly unreadDate: string | null;
  readonly section: string | null;
  /** The line of the task this one is a sub-task of (INDENT one deeper); Stride has no sub-tasks yet. */
  readonly parentLine: number | null;
}

export interface TodoistImport {
  readonly tasks: readonly TodoistTask[];
  readonly skipped: readonly { readonly line: number; readonly reason: string }[];
}

export interface TodoistImportOptions {
  /** When the import runs: relative dates ("tomorrow") are read from here. */
  readonly now: Date;
  /** The user's zone, used when a row's TIMEZONE is missing or unknown. */
  readonly timeZone: string;
}

const MAX_TITLE = 200;
const MAX_DESCRIPTION = 2000;

/** The rows of a Todoist CSV file; throws a DomainError-free Error with the CSV position when malformed. */
export const parseTodoistCsv = (text: string): TodoistRow[] =>
  parse(text, {
    columns: (header: string[]) => header.map((name) => name.trim().toUpperCase()),
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: false,
  }) as TodoistRow[];

const priorityOf = (value: string | undefined): TodoistTask['priority'] => {
  const number = Number(value);
  return number === 2 || number === 3 || number === 4 ? number : 1;
};

const minutesOf = (duration: string | undefined, unit: string | undefined): number | null => {
  const amount = Number(duration);
  if (!Number.isFinite(amount) || amount <= 0) return null;
  const minutes = unit?.toLowerCase() === 'day' ? amount * 1440 : amount;
  return Math.min(1440, Math.max(1, Math.round(minutes)));
};

const text = (value: string | undefined): string => (value ?? '').trim();

const joined = (...parts: string[]): string | null => {
  const value = parts.filter((part) => part !== '').join('\n\n');
  return value === '' ? null : value.slice(0, MAX_DESCRIPTION);
};

interface Dates {
  readonly doDate: LocalDate | null;
  readonly recurrence: RecurrenceRule | null;
  readonly unreadDate: string | null;
}

/** DATE is Todoist's own date text ("tomorrow", "Dec 3 2026", "every 3 days"), read as quick add reads it. */
const datesOf = (value: string, zone: string, now: Date): Dates => {
  if (value === '') return { doDate: null, recurrence: null, unreadDate: null };
  const parsed = parseQuickAdd(value, { now, timeZone: zone, includePastDates: true });
  const doDate = parsed.doDate ?? parsed.dueDate;
  if (doDate === null && parsed.recurrence === null) return { doDate: null, recurrence: null, unreadDate: value };
  return { doDate, recurrence: parsed.recurrence, unreadDate: null };
};

const deadlineOf = (value: string, zone: string, now: Date): LocalDate | null => {
  if (value === '') return null;
  const parsed = parseQuickAdd(value, { now, timeZone: zone, includePastDates: true });
  return parsed.doDate ?? parsed.dueDate;
};

/**
 * Maps rows to tasks. `section` rows name the section of the tasks after them, `note` rows are appended
 * to the previous task's description, blank and `meta` rows are ignored, and anything else (a task without
 * content, an unknown TYPE) is reported in `skipped`. INDENT gives the parent task.
 */
export const mapTodoistRows = (rows: readonly TodoistRow[], { now, timeZone }: TodoistImportOptions): TodoistImport => {
  const tasks: TodoistTask[] = [];
  const skipped: { line: number; reason: string }[] = [];
  const parents: number[] = [];
  let section: string | null = null;
  rows.forEach((row, index) => {
    const line = index + 2;
    const type = text(row.TYPE).toLowerCase();
    const content = text(row.CONTENT);
    if (type === '' && Object.values(row).every((value) => text(value) === '')) return;
    if (type === 'meta') return;
    if (type === 'section') {
      section = content === '' ? null : content;
      return;
    }
    if (type === 'note') {
      const previous = tasks.at(-1);
      if (previous === undefined || content === '') {
        skipped.push({ line, reason: 'A note without a task before it' });
        return;
      }
      tasks[tasks.length - 1] = { ...previous, description: joined(previous.description ?? '', content) };
      return;
    }
    if (type !== 'task') {
      skipped.push({ line, reason: `Unknown row type '${text(row.TYPE)}'` });
      return;
    }
    if (content === '') {
      skipped.push({ line, reason: 'A task without content' });
      return;
    }
    const zone = isTimeZone(text(row.TIMEZONE)) ? text(row.TIMEZONE) : timeZone;
    const indent = Math.max(1, Math.trunc(Number(row.INDENT)) || 1);
    parents.length = indent - 1;
    const parentLine = indent > 1 ? (parents[indent - 2] ?? null) : null;
    parents[indent - 1] = line;
    const dates = datesOf(text(row.DATE), zone, now);
    tasks.push({
      line,
      title: [...content].slice(0, MAX_TITLE).join('').trim(),
      description: joined(text(row.DESCRIPTION), dates.unreadDate === null ? '' : `Todoist date: ${dates.unreadDate}`),
      estimatedMinutes: minutesOf(row.DURATION, row.DURATION_UNIT),
      priority: priorityOf(row.PRIORITY),
      doDate: dates.doDate,
      dueDate: deadlineOf(text(row.DEADLINE), zone, now),
      recurrence: dates.recurrence,
      unreadDate: dates.unreadDate,
      section,
      parentLine,
    });
  });
  return { tasks, skipped };
};

/** Reads a Todoist CSV export: `mapTodoistRows(parseTodoistCsv(text), options)`. */
export const readTodoistCsv = (csv: string, options: TodoistImportOptions): TodoistImport => {
  let rows: TodoistRow[];
  try {
    rows = parseTodoistCsv(csv);
  } catch (error) {
    // A file that is not well-formed CSV (a quote never closed, ...) is the caller's input: a 400 on `csv`.
    const reason = error instanceof Error ? error.message : String(error);
    throw new DomainError(
      'validation',
      `This file is not CSV that Stride can read (${reason}). Export the project from Todoist again as CSV and upload that file.`,
      { field: 'csv' },
    );
  }
  return mapTodoistRows(rows, options);
};
