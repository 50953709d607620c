import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icalendarOf, octets, type CalendarTask } from './icalendar';

const now = new Date('2026-11-25T15:00:00.000Z');
const task = (overrides: Partial<CalendarTask> = {}): CalendarTask => ({
  taskId: 't1',
  title: 'Call the vet',
  description: null,
  doDate: '2026-11-26',
  dueDate: null,
  status: 'todo',
  completedAt: null,
  estimatedMinutes: 15,
  ...overrides,
});

const unfold = (text: string): string[] => text.replace(/\r\n /g, '').split('\r\n');

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });
});

describe('octets', () => {
  it('counts UTF-8 bytes', () => {
    expect(octets('a')).toBe(1);
    expect(octets('ü')).toBe(2);
    expect(octets('—')).toBe(3);
    expect(octets('🐕')).toBe(4);
  });
});

describe('foldLine', () => {
  it('leaves short lines alone', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  it('folds at 75 octets with a leading space on continuation lines', () => {
    const folded = foldLine(`DESCRIPTION:${'x'.repeat(200)}`);
    const lines = folded.split('\r\n');
    expect(lines.every((line) => octets(line) <= 75)).toBe(true);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'x'.repeat(200)}`);
  });

  it('never splits a multi-byte character', () => {
    const value = `SUMMARY:${'ü🐕'.repeat(40)}`;
    const lines = foldLine(value).split('\r\n');
    expect(lines.every((line) => octets(line) <= 75)).toBe(true);
    expect(foldLine(value).replace(/\r\n /g, '')).toBe(value);
  });
});

describe('icalendarOf', () => {
  it('writes all-day events for dated tasks, with CRLF line ends', () => {
    const text = icalendarOf(
      [
        task({ description: 'Ask about shots; bring card, leash', goalTitle: 'Dog' }),
        task({ taskId: 't2', title: 'Undated', doDate: null }),
        task({ taskId: 't3', title: 'Taxes', doDate: null, dueDate: '2026-12-15' }),
      ],
      { now, calendarName: 'Anna, planner' },
    );
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(unfold(text)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Stride//Stride planner//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:Anna\\, planner',
      'BEGIN:VEVENT',
      'UID:t1@stride.app',
      'DTSTAMP:20261125T150000Z',
      'SUMMARY:Call the vet',
      'DTSTART;VALUE=DATE:20261126',
      'DTEND;VALUE=DATE:20261127',
      'TRANSP:TRANSPARENT',
      'DESCRIPTION:Ask about shots\\; bring card\\, leash\\nGoal: Dog\\nPlanned: 15 min',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:t3@stride.app',
      'DTSTAMP:20261125T150000Z',
      'SUMMARY:Due: Taxes',
      'DTSTART;VALUE=DATE:20261215',
      'DTEND;VALUE=DATE:20261216',
      'TRANSP:TRANSPARENT',
      'DESCRIPTION:Planned: 15 min',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });

  it('the all-day event ends the next day even at a month or year end', () => {
    expect(icalendarOf([task({ doDate: '2026-12-31' })], { now })).toContain('DTEND;VALUE=DATE:20270101');
  });

  it('writes VTODOs with start, due, status and completion when asked', () => {
    const text = icalendarOf(
      [
        task({ dueDate: '2026-11-28', status: 'in_progress' }),
        task({ taskId: 't2', status: 'done', completedAt: '2026-11-25T09:30:00.000Z' }),
      ],
      { now, component: 'todo', uidDomain: 'example.org' },
    );
    const lines = unfold(text);
    expect(lines).toContain('BEGIN:VTODO');
    expect(lines).toContain('UID:t1@example.org');
    expect(lines).toContain('DTSTART;VALUE=DATE:20261126');
    expect(lines).toContain('DUE;VALUE=DATE:20261128');
    expect(lines).toContain('STATUS:IN-PROCESS');
    expect(lines).toContain('STATUS:COMPLETED');
    expect(lines).toContain('COMPLETED:20261125T093000Z');
    expect(lines.filter((line) => line === 'END:VTODO')).toHaveLength(2);
  });

  it('folds long titles and keeps every physical line within 75 octets', () => {
    const text = icalendarOf([task({ title: 'Plan the trip to Zürich — '.repeat(8) })], { now });
    expect(text.split('\r\n').every((line) => octets(line) <= 75)).toBe(true);
    expect(unfold(text)).toContain(`SUMMARY:${'Plan the trip to Zürich — '.repeat(8)}`);
  });
});
