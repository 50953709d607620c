import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareLocalDates, isLocalDate } from '../dates/local-date';
import { matchGoal } from './goal-match';
import { parseQuickAdd, type QuickAddResult } from './quick-add';

const goals = [
  { goalId: 'g_dog', title: 'Dog training' },
  { goalId: 'g_es', title: 'Learn Spanish' },
  { goalId: 'g_home', title: 'Home' },
  { goalId: 'g_work', title: 'Work project Apollo' },
  { goalId: 'g_fit', title: 'Get fit' },
];
// Wednesday 2026-11-25, 16:00 in Berlin.
const NOW = new Date('2026-11-25T15:00:00Z');
const TODAY = '2026-11-25';
const parse = (text: string, timeZone = 'Europe/Berlin', now = NOW) => parseQuickAdd(text, { now, timeZone, goals });

type Expected = Partial<Omit<QuickAddResult, 'goal' | 'spans'>> & { goalId?: string | null };
const NONE: Required<Expected> = {
  title: '',
  doDate: null,
  dueDate: null,
  estimatedMinutes: null,
  energyLevel: null,
  goalTag: null,
  goalId: null,
  recurrence: null,
};

const phrases: [string, Expected][] = [
  [
    'Call the vet tomorrow 15m low energy #dog',
    {
      title: 'Call the vet',
      doDate: '2026-11-26',
      estimatedMinutes: 15,
      energyLevel: 'low',
      goalTag: 'dog',
      goalId: 'g_dog',
    },
  ],
  ['Buy milk', { title: 'Buy milk' }],
  [
    'Write report by Friday 2h high energy #work',
    {
      title: 'Write report',
      dueDate: '2026-11-27',
      estimatedMinutes: 120,
      energyLevel: 'high',
      goalTag: 'work',
      goalId: 'g_work',
    },
  ],
  [
    'Review slides today 45 min !medium',
    { title: 'Review slides', doDate: TODAY, estimatedMinutes: 45, energyLevel: 'medium' },
  ],
  [
    'Stretch every weekday 10m !low #fit',
    {
      title: 'Stretch',
      estimatedMinutes: 10,
      energyLevel: 'low',
      goalTag: 'fit',
      goalId: 'g_fit',
      recurrence: { kind: 'weekdays' },
    },
  ],
  ['Water plants every 2 days', { title: 'Water plants', recurrence: { kind: 'everyNDays', interval: 2 } }],
  [
    'Go running 3 times a week 30m #fit',
    {
      title: 'Go running',
      estimatedMinutes: 30,
      goalTag: 'fit',
      goalId: 'g_fit',
      recurrence: { kind: 'timesPerWeek', times: 3 },
    },
  ],
  ['Pay rent monthly on the 1st', { title: 'Pay rent', recurrence: { kind: 'monthly', dayOfMonth: 1 } }],
  ['Pay rent every month', { title: 'Pay rent', recurrence: { kind: 'monthly', dayOfMonth: 25 } }],
  [
    'Pay rent every month Dec 3',
    { title: 'Pay rent', doDate: '2026-12-03', recurrence: { kind: 'monthly', dayOfMonth: 3 } },
  ],
  ['Read 1h30 tonight', { title: 'Read', doDate: TODAY, estimatedMinutes: 90 }],
  ['Plan the week next week', { title: 'Plan the week', doDate: '2026-11-30' }],
  [
    'Study verbs 90 min #spanish daily',
    { title: 'Study verbs', estimatedMinutes: 90, goalTag: 'spanish', goalId: 'g_es', recurrence: { kind: 'daily' } },
  ],
  ['Study verbs 1 hour #spansh', { title: 'Study verbs', estimatedMinutes: 60, goalTag: 'spansh', goalId: 'g_es' }],
  ['Call mom on Sunday', { title: 'Call mom', doDate: '2026-11-29' }],
  ['Dentist Dec 3', { title: 'Dentist', doDate: '2026-12-03' }],
  ['Taxes due Dec 15 1.5h', { title: 'Taxes', dueDate: '2026-12-15', estimatedMinutes: 90 }],
  ['Meditate every day 5m', { title: 'Meditate', estimatedMinutes: 5, recurrence: { kind: 'daily' } }],
  [
    'Clean kitchen 20m energy: low #HOME',
    { title: 'Clean kitchen', estimatedMinutes: 20, energyLevel: 'low', goalTag: 'HOME', goalId: 'g_home' },
  ],
  ['Submit form by next week', { title: 'Submit form', dueDate: '2026-11-30' }],
  ['Send invoice in 3 days', { title: 'Send invoice', doDate: '2026-11-28' }],
  ['Yoga every Monday and Thursday', { title: 'Yoga', recurrence: { kind: 'weekly', days: ['MO', 'TH'] } }],
  [
    'Practice piano every other day 25 minutes',
    { title: 'Practice piano', estimatedMinutes: 25, recurrence: { kind: 'everyNDays', interval: 2 } },
  ],
  ['Team sync at 3pm', { title: 'Team sync at 3pm' }],
  ['Walk the dog twice a week', { title: 'Walk the dog', recurrence: { kind: 'timesPerWeek', times: 2 } }],
  ['Fix bike 1 h', { title: 'Fix bike', estimatedMinutes: 60 }],
  ['tomorrow 15m', { title: 'tomorrow 15m', doDate: '2026-11-26', estimatedMinutes: 15 }],
  ['Finish essay by tomorrow, start today', { title: 'Finish essay, start', doDate: TODAY, dueDate: '2026-11-26' }],
  ['Book flights for Saturday !h', { title: 'Book flights', doDate: '2026-11-28', energyLevel: 'high' }],
  ['Groceries this weekend #unknown', { title: 'Groceries', doDate: '2026-11-28', goalTag: 'unknown', goalId: null }],
  ['Deep work 2 hours high-energy', { title: 'Deep work', estimatedMinutes: 120, energyLevel: 'high' }],
  ['Check in with Anna Monday', { title: 'Check in with Anna', doDate: '2026-11-30' }],
  ['Read paper 0m', { title: 'Read paper 0m' }],
  ['Archive emails every 3rd', { title: 'Archive emails', recurrence: { kind: 'monthly', dayOfMonth: 3 } }],
  ['Backup laptop weekly', { title: 'Backup laptop', recurrence: { kind: 'weekly', days: ['WE'] } }],
  ['Renew passport 2026-12-20', { title: 'Renew passport', doDate: '2026-12-20' }],
  ['Renew passport 2026-02-30', { title: 'Renew passport 2026-02-30' }],
  ['Call John yesterday', { title: 'Call John yesterday' }],
  ['Email Bob 12/3', { title: 'Email Bob', doDate: '2026-12-03' }],
  ['Prepare talk 3x/week', { title: 'Prepare talk', recurrence: { kind: 'timesPerWeek', times: 3 } }],
];

describe('parseQuickAdd: phrases', () => {
  it.each(phrases)('%s', (text, expected) => {
    const { goal, spans: _spans, ...result } = parse(text);
    expect({ ...result, goalId: goal?.goalId ?? null }).toEqual({ ...NONE, ...expected });
  });

  it('reads dates in the user zone: at 04:30 UTC "tomorrow" is the 25th in New York and the 26th in Berlin', () => {
    const early = new Date('2026-11-25T04:30:00Z');
    expect(parse('Call the vet tomorrow', 'America/New_York', early).doDate).toBe('2026-11-25');
    expect(parse('Call the vet tomorrow', 'Europe/Berlin', early).doDate).toBe('2026-11-26');
  });

  it('reads "tomorrow" across the New York spring-forward night', () => {
    const beforeChange = new Date('2026-03-08T06:30:00Z'); // 01:30 EST on the 8th
    expect(parse('Run tomorrow', 'America/New_York', beforeChange).doDate).toBe('2026-03-09');
    expect(parse('Run today', 'America/New_York', new Date('2026-03-08T04:30:00Z')).doDate).toBe('2026-03-07');
  });

  it('marks where each part was, for the preview', () => {
    expect(parse('Call the vet tomorrow 15m low energy #dog').spans).toEqual([
      { part: 'date', start: 13, end: 21, text: 'tomorrow' },
      { part: 'minutes', start: 22, end: 25, text: '15m' },
      { part: 'energy', start: 26, end: 36, text: 'low energy' },
      { part: 'goal', start: 37, end: 41, text: '#dog' },
    ]);
  });

  it('falls back to UTC for an unknown zone instead of throwing', () => {
    expect(parse('Pay bills tomorrow', 'Mars/Olympus').doDate).toBe('2026-11-26');
  });
});

describe('matchGoal', () => {
  it.each([
    ['dog', 'g_dog'],
    ['Dog-Training', 'g_dog'],
    ['learnspanish', 'g_es'],
    ['learn_spanish', 'g_es'],
    ['spanish', 'g_es'],
    ['spnish', 'g_es'],
    ['apollo', 'g_work'],
    ['hom', 'g_home'],
    ['fit', 'g_fit'],
  ])('#%s names %s', (tag, goalId) => {
    expect(matchGoal(tag, goals)?.goalId).toBe(goalId);
  });

  it.each(['cat', 'x', 'zzzzzz', ''])('#%s names no goal', (tag) => {
    expect(matchGoal(tag, goals)).toBeUndefined();
  });

  it('prefers an exact name over a prefix of another', () => {
    const similar = [
      { goalId: 'a', title: 'Home improvement' },
      { goalId: 'b', title: 'Home' },
    ];
    expect(matchGoal('home', similar)?.goalId).toBe('b');
  });
});

describe('parseQuickAdd: properties', () => {
  const options = { now: NOW, timeZone: 'Europe/Berlin', goals };
  const anyText = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc
      .array(
        fc.constantFrom(
          'tomorrow',
          'by',
          'Friday',
          'every',
          'day',
          '15m',
          '1h30',
          '#',
          '#dog',
          '!low',
          'energy',
          'low',
          'due',
          'next',
          'week',
          '3',
          'times',
          'a',
          'monthly',
          'on',
          'the',
          '31st',
          'Call',
          'vet',
          ',',
          '2026-02-30',
          'x',
        ),
        { maxLength: 12 },
      )
      .map((words) => words.join(' ')),
  );

  it('never throws, on any string', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        parseQuickAdd(text, options);
      }),
      { numRuns: 300 },
    );
  });

  it('gives a title whenever the input has a word, never longer than 200 characters', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const { title } = parseQuickAdd(text, options);
        if (/[\p{L}\p{N}]/u.test(text)) expect(title.length).toBeGreaterThan(0);
        expect([...title].length).toBeLessThanOrEqual(200);
        expect(title).toBe(title.trim());
      }),
      { numRuns: 300 },
    );
  });

  it('only gives real calendar dates, never before today, and minutes within a day', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const { doDate, dueDate, estimatedMinutes } = parseQuickAdd(text, options);
        for (const date of [doDate, dueDate]) {
          if (date !== null) {
            expect(isLocalDate(date)).toBe(true);
            expect(compareLocalDates(date, TODAY)).toBeGreaterThanOrEqual(0);
          }
        }
        if (estimatedMinutes !== null) {
          expect(estimatedMinutes).toBeGreaterThanOrEqual(1);
          expect(estimatedMinutes).toBeLessThanOrEqual(1440);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a plain title as typed and reads the minutes appended to it', () => {
    const word = fc.constantFrom(
      'Call',
      'vet',
      'Buy',
      'milk',
      'Write',
      'report',
      'garden',
      'fix',
      'car',
      'Anna',
      'tax',
    );
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 999 }),
        (words, minutes) => {
          const title = words.join(' ');
          const result = parseQuickAdd(`${title} ${minutes}m`, options);
          expect(result.title).toBe(title);
          expect(result.estimatedMinutes).toBe(minutes);
        },
      ),
    );
  });
});
