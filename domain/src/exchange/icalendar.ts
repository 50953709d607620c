import type { LocalDate } from '../dates/local-date';
import { addDays } from '../dates/local-date';

/**
 * An RFC 5545 calendar of dated tasks, for a private feed any calendar app can subscribe to. Pure text:
 * CRLF line ends, TEXT values escaped (backslash, semicolon, comma, newline) and lines folded at 75
 * octets without splitting a UTF-8 character.
 */
export interface CalendarTask {
  readonly taskId: string;
  readonly title: string;
  readonly description: string | null;
  readonly doDate: LocalDate | null;
  readonly dueDate: LocalDate | null;
  readonly status: 'todo' | 'in_progress' | 'done';
  readonly completedAt: string | null;
  readonly estimatedMinutes: number;
  readonly goalTitle?: string;
}

export interface CalendarOptions {
  /** DTSTAMP of every component: when the feed was generated. */
  readonly now: Date;
  readonly calendarName?: string;
  /** The domain part of each UID (`{taskId}@{uidDomain}`), so UIDs stay stable across feeds. */
  readonly uidDomain?: string;
  /**
   * 'event' (default): all-day VEVENTs, shown by every calendar app (Google Calendar ignores VTODO in
   * subscribed feeds). 'todo': VTODOs with DTSTART and DUE, for apps that show tasks.
   */
  readonly component?: 'event' | 'todo';
}

const PRODID = '-//Stride//Stride planner//EN';

/** TEXT escaping (RFC 5545 3.3.11). */
export const escapeText = (value: string): string =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** UTF-8 length of a string. */
export const octets = (value: string): number => {
  let length = 0;
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0;
    length += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return length;
};

/** Folds one content line at 75 octets; continuation lines start with one space (RFC 5545 3.1). */
export const foldLine = (line: string): string => {
  const parts: string[] = [];
  let current = '';
  let limit = 75;
  for (const character of line) {
    if (octets(current) + octets(character) > limit) {
      parts.push(current);
      current = '';
      limit = 74; // the leading space takes one octet
    }
    current += character;
  }
  parts.push(current);
  return parts.join('\r\n ');
};

const basicDate = (date: LocalDate): string => date.replace(/-/g, '');
const utcStamp = (instant: Date): string =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const describe = (task: CalendarTask): string => {
  const lines = [
    task.description ?? '',
    task.goalTitle === undefined ? '' : `Goal: ${task.goalTitle}`,
    `Planned: ${task.estimatedMinutes} min`,
    task.dueDate !== null && task.doDate !== null ? `Due: ${task.dueDate}` : '',
  ];
  return lines.filter((line) => line !== '').join('\n');
};

const TODO_STATUS = { todo: 'NEEDS-ACTION', in_progress: 'IN-PROCESS', done: 'COMPLETED' } as const;

const componentLines = (task: CalendarTask, options: Required<CalendarOptions>): string[] => {
  const uid = `UID:${escapeText(`${task.taskId}@${options.uidDomain}`)}`;
  const stamp = `DTSTAMP:${utcStamp(options.now)}`;
  const description = `DESCRIPTION:${escapeText(describe(task))}`;
  const completed =
    task.status === 'done' && task.completedAt !== null ? [`COMPLETED:${utcStamp(new Date(task.completedAt))}`] : [];
  if (options.component === 'todo') {
    return [
      'BEGIN:VTODO',
      uid,
      stamp,
      `SUMMARY:${escapeText(task.title)}`,
      ...(task.doDate === null ? [] : [`DTSTART;VALUE=DATE:${basicDate(task.doDate)}`]),
      ...(task.dueDate === null ? [] : [`DUE;VALUE=DATE:${basicDate(task.dueDate)}`]),
      `STATUS:${TODO_STATUS[task.status]}`,
      ...completed,
      description,
      'END:VTODO',
    ];
  }
  const day = task.doDate ?? task.dueDate;
  if (day === null) return [];
  const summary = task.doDate === null ? `Due: ${task.title}` : task.title;
  return [
    'BEGIN:VEVENT',
    uid,
    stamp,
    `SUMMARY:${escapeText(task.status === 'done' ? `✓ ${summary}` : summary)}`,
    `DTSTART;VALUE=DATE:${basicDate(day)}`,
    `DTEND;VALUE=DATE:${basicDate(addDays(day, 1))}`,
    'TRANSP:TRANSPARENT',
    description,
    'END:VEVENT',
  ];
};

/** The calendar of the tasks that have a do or due date; undated tasks are left out. */
export const icalendarOf = (tasks: readonly CalendarTask[], options: CalendarOptions): string => {
  const settings: Required<CalendarOptions> = {
    calendarName: 'Stride',
    uidDomain: 'stride.app',
    component: 'event',
    ...options,
  };
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(settings.calendarName)}`,
    ...tasks
      .filter((task) => task.doDate !== null || task.dueDate !== null)
      .flatMap((task) => componentLines(task, settings)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
};
