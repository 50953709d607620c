import { tzOffset } from '@date-fns/tz';
import * as chrono from 'chrono-node';
import {
  compareLocalDates,
  isLocalDate,
  isoWeekdayOf,
  isTimeZone,
  localDateOf,
  nextMonday,
  type LocalDate,
} from '../dates/local-date';
import { weekdayCodes, type RecurrenceRule, type WeekdayCode } from '../recurrence/recurrence-rule';
import type { EnergyLevel } from '../tasks/energy-workflow';
import { matchGoal, type GoalChoice } from './goal-match';

/**
 * Quick add: one line such as "Call the vet tomorrow 15m low energy #dog" becomes a task preview. Pure:
 * the reference instant and the user's zone come in as arguments, and it never throws.
 */
export interface QuickAddOptions {
  /** The instant the user typed it; with `timeZone` it gives the user's today. */
  readonly now: Date;
  readonly timeZone: string;
  /** The user's goals, for `#tag`. */
  readonly goals?: readonly GoalChoice[];
  /** Take dates before today too (imports); by default a past date stays in the title. */
  readonly includePastDates?: boolean;
}

export type QuickAddPart = 'date' | 'due' | 'minutes' | 'energy' | 'goal' | 'recurrence';

/** Where in the input each recognised part was, for the preview to highlight. */
export interface QuickAddSpan {
  readonly part: QuickAddPart;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export interface QuickAddResult {
  readonly title: string;
  readonly doDate: LocalDate | null;
  readonly dueDate: LocalDate | null;
  readonly estimatedMinutes: number | null;
  readonly energyLevel: EnergyLevel | null;
  /** The `#tag` as typed (without '#'), and the goal it matched (null when none did). */
  readonly goalTag: string | null;
  readonly goal: GoalChoice | null;
  readonly recurrence: RecurrenceRule | null;
  readonly spans: readonly QuickAddSpan[];
}

const MAX_TITLE = 200;
/** Longer input is cut before parsing: a quick-add line is one line. */
const MAX_INPUT = 1000;
const MAX_MINUTES = 1440;

/** The input, with recognised parts blanked out (same length, so indices stay those of the input). */
class Line {
  private text: string;
  readonly spans: QuickAddSpan[] = [];
  constructor(readonly original: string) {
    this.text = original;
  }
  get current(): string {
    return this.text;
  }
  take(part: QuickAddPart, start: number, end: number): void {
    this.spans.push({ part, start, end, text: this.original.slice(start, end) });
    this.text = this.text.slice(0, start) + ' '.repeat(end - start) + this.text.slice(end);
  }
  /** The first match of `pattern` (a global regex) in what is not taken yet. */
  find(pattern: RegExp): RegExpExecArray | null {
    pattern.lastIndex = 0;
    return pattern.exec(this.text);
  }
}

const NUMBER_WORDS: Record<string, number> = {
  once: 1,
  one: 1,
  twice: 2,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  other: 2,
};
const numberOf = (word: string): number => NUMBER_WORDS[word.toLowerCase()] ?? Number(word);

const DAY_NAMES: Record<string, WeekdayCode> = {
  mon: 'MO',
  monday: 'MO',
  tue: 'TU',
  tues: 'TU',
  tuesday: 'TU',
  wed: 'WE',
  wednesday: 'WE',
  thu: 'TH',
  thur: 'TH',
  thurs: 'TH',
  thursday: 'TH',
  fri: 'FR',
  friday: 'FR',
  sat: 'SA',
  saturday: 'SA',
  sun: 'SU',
  sunday: 'SU',
};
const DAY = Object.keys(DAY_NAMES)
  .sort((a, b) => b.length - a.length)
  .join('|');

const ENERGY_WORDS: Record<string, EnergyLevel> = {
  low: 'low',
  l: 'low',
  medium: 'medium',
  med: 'medium',
  mid: 'medium',
  m: 'medium',
  high: 'high',
  h: 'high',
};

// Boundaries: a part starts at the line's start or after a space, and ends at a space, punctuation or the end.
const B = '(?<=^|[\\s,;(])';
const E = '(?=$|[\\s,;.!?)])';

const takeTag = (line: Line, goals: readonly GoalChoice[]): Pick<QuickAddResult, 'goalTag' | 'goal'> => {
  let goalTag: string | null = null;
  const pattern = new RegExp(`${B}#([\\p{L}\\p{N}_\\-/.]*[\\p{L}\\p{N}])`, 'gu');
  for (let match = line.find(pattern); match !== null; match = line.find(pattern)) {
    goalTag ??= match[1] ?? null;
    line.take('goal', match.index, match.index + match[0].length);
  }
  const goal = goalTag === null ? undefined : matchGoal(goalTag, goals);
  return { goalTag, goal: goal === undefined ? null : { goalId: goal.goalId, title: goal.title } };
};

const ENERGY_PATTERNS = [
  new RegExp(`${B}(?:at\\s+)?(low|medium|med|mid|high)[\\s-]+energy${E}`, 'giu'),
  new RegExp(`${B}energy[:=\\s]+(low|medium|med|mid|high)${E}`, 'giu'),
  new RegExp(`${B}!(low|medium|med|mid|high|l|m|h)${E}`, 'giu'),
];

const takeEnergy = (line: Line): EnergyLevel | null => {
  for (const pattern of ENERGY_PATTERNS) {
    const match = line.find(pattern);
    if (match) {
      line.take('energy', match.index, match.index + match[0].length);
      return ENERGY_WORDS[(match[1] ?? '').toLowerCase()] ?? null;
    }
  }
  return null;
};

const HOURS = '(?:h|hr|hrs|hour|hours)';
const MINS = '(?:m|min|mins|minute|minutes)';
const DURATION_PATTERNS: readonly [RegExp, (match: RegExpExecArray) => number][] = [
  [
    new RegExp(`${B}(?:for\\s+)?(\\d{1,2})\\s?${HOURS}\\s?(\\d{1,2})(?:\\s?${MINS})?${E}`, 'giu'),
    (match) => Number(match[1]) * 60 + Number(match[2]),
  ],
  [
    new RegExp(`${B}(?:for\\s+)?(\\d{1,2}(?:[.,]\\d+)?)\\s?${HOURS}${E}`, 'giu'),
    (match) => Math.round(Number((match[1] ?? '').replace(',', '.')) * 60),
  ],
  [new RegExp(`${B}(?:for\\s+)?(\\d{1,4})\\s?${MINS}${E}`, 'giu'), (match) => Number(match[1])],
];

const takeMinutes = (line: Line): number | null => {
  for (const [pattern, minutesOf] of DURATION_PATTERNS) {
    const match = line.find(pattern);
    if (match) {
      const minutes = minutesOf(match);
      if (minutes < 1 || minutes > MAX_MINUTES) return null;
      line.take('minutes', match.index, match.index + match[0].length);
      return minutes;
    }
  }
  return null;
};

/** A rule, given the anchor date (the do date, else today) that a bare "weekly" or "monthly" takes its day from. */
type PendingRule = (anchor: LocalDate) => RecurrenceRule;
type RuleOf = (match: RegExpExecArray) => PendingRule | null;

const weekdayOf = (date: LocalDate): WeekdayCode => weekdayCodes[isoWeekdayOf(date) - 1] ?? 'MO';
const dayOfMonthOf = (date: LocalDate): number => Number(date.slice(8, 10));

const daysIn = (text: string): WeekdayCode[] =>
  [...text.toLowerCase().matchAll(new RegExp(`(${DAY})`, 'g'))].flatMap((found) => {
    const code = DAY_NAMES[found[1] ?? ''];
    return code === undefined ? [] : [code];
  });

const RECURRENCE_PATTERNS: readonly [RegExp, RuleOf][] = [
  [
    new RegExp(
      `${B}(?:every|each)\\s+(?:weekday|work\\s?day|business\\s+day)s?${E}|${B}(?:on\\s+)?weekdays${E}`,
      'giu',
    ),
    () => () => ({ kind: 'weekdays' }),
  ],
  [
    new RegExp(`${B}(?:every|each)\\s+day${E}|${B}daily${E}|${B}every\\s?day${E}`, 'giu'),
    () => () => ({ kind: 'daily' }),
  ],
  [
    new RegExp(`${B}every\\s+(\\d{1,3}|other|two|three|four|five|six|seven)\\s+days?${E}`, 'giu'),
    (match) => {
      const interval = numberOf(match[1] ?? '');
      return interval >= 1 && interval <= 365 ? () => ({ kind: 'everyNDays', interval }) : null;
    },
  ],
  [
    new RegExp(
      `${B}(\\d|once|twice|one|two|three|four|five|six|seven)(?:\\s*(?:times|x))?\\s+(?:a|per|each)\\s+week${E}|${B}(\\d)\\s*x\\s*/\\s*(?:wk|week)${E}`,
      'giu',
    ),
    (match) => {
      const times = numberOf(match[1] ?? match[2] ?? '');
      return times >= 1 && times <= 7 ? () => ({ kind: 'timesPerWeek', times }) : null;
    },
  ],
  [
    new RegExp(`${B}(?:every|each|on)\\s+((?:${DAY})s?(?:\\s*(?:,|and|&)\\s*(?:${DAY})s?)*)${E}`, 'giu'),
    (match) => {
      const days = daysIn(match[1] ?? '');
      const repeating = /^(every|each)/i.test(match[0]) || /s\b/i.test(match[1] ?? '');
      return repeating && days.length > 0 ? () => ({ kind: 'weekly', days: [...new Set(days)] }) : null;
    },
  ],
  [
    new RegExp(`${B}(?:every|each)\\s+week${E}|${B}weekly${E}`, 'giu'),
    () => (anchor) => ({ kind: 'weekly', days: [weekdayOf(anchor)] }),
  ],
  [
    new RegExp(
      `${B}(?:every|each)\\s+month(?:\\s+on\\s+the\\s+(\\d{1,2})(?:st|nd|rd|th)?)?${E}|${B}monthly(?:\\s+on\\s+the\\s+(\\d{1,2})(?:st|nd|rd|th)?)?${E}|${B}every\\s+(\\d{1,2})(?:st|nd|rd|th)${E}`,
      'giu',
    ),
    (match) => {
      const day = match[1] ?? match[2] ?? match[3];
      if (day === undefined) return (anchor) => ({ kind: 'monthly', dayOfMonth: dayOfMonthOf(anchor) });
      const dayOfMonth = Number(day);
      return dayOfMonth >= 1 && dayOfMonth <= 31 ? () => ({ kind: 'monthly', dayOfMonth }) : null;
    },
  ],
];

/** The recurrence, if any; taken before the dates so chrono does not read "every Monday" as a date. */
const takeRecurrence = (line: Line): PendingRule | null => {
  for (const [pattern, ruleOf] of RECURRENCE_PATTERNS) {
    const match = line.find(pattern);
    if (match) {
      const rule = ruleOf(match);
      if (rule === null) continue;
      line.take('recurrence', match.index, match.index + match[0].length);
      return rule;
    }
  }
  return null;
};

interface FoundDate {
  readonly date: LocalDate;
  readonly start: number;
  readonly end: number;
  readonly due: boolean;
}

/** chrono reads "0m" or "2000h" as a time from now; a quick-add line means a duration, so those are no dates. */
const DURATION_LIKE = /^\d+(?:[.,]\d+)?\s*(?:m|min|mins|minutes?|h|hrs?|hours?)$/i;
const DUE_BEFORE = /(?:^|\s)(?:by|due(?:\s+(?:by|on))?|deadline)\s+$/i;
const DO_BEFORE = /(?:^|\s)(?:on|at|for)\s+$/i;

const padded = (value: number, length: number): string => String(value).padStart(length, '0');

const chronoDates = (text: string, now: Date, timeZone: string): FoundDate[] => {
  let results: chrono.ParsedResult[];
  try {
    results = chrono.parse(text, { instant: now, timezone: tzOffset(timeZone, now) }, { forwardDate: true });
  } catch {
    return [];
  }
  return results.flatMap((result) => {
    const { start } = result;
    if (!start.isCertain('day') && !start.isCertain('weekday')) return [];
    if (DURATION_LIKE.test(result.text)) return [];
    const date = `${padded(start.get('year') ?? 0, 4)}-${padded(start.get('month') ?? 0, 2)}-${padded(start.get('day') ?? 0, 2)}`;
    if (!isLocalDate(date)) return [];
    const before = text.slice(0, result.index);
    const due = DUE_BEFORE.exec(before);
    const preposition = due ?? DO_BEFORE.exec(before);
    const from = preposition ? result.index - preposition[0].trimStart().length : result.index;
    return [{ date, start: from, end: result.index + result.text.length, due: due !== null }];
  });
};

const NEXT_WEEK = new RegExp(`${B}((?:by|due|on|for)\\s+)?next\\s+week${E}`, 'giu');

const takeDates = (line: Line, now: Date, timeZone: string, today: LocalDate, includePast: boolean) => {
  let doDate: LocalDate | null = null;
  let dueDate: LocalDate | null = null;
  const nextWeek = line.find(NEXT_WEEK);
  if (nextWeek) {
    const isDue = /^(by|due)/i.test(nextWeek[1] ?? '');
    line.take(isDue ? 'due' : 'date', nextWeek.index, nextWeek.index + nextWeek[0].length);
    if (isDue) dueDate = nextMonday(today);
    else doDate = nextMonday(today);
  }
  for (const found of chronoDates(line.current, now, timeZone)) {
    if (!includePast && compareLocalDates(found.date, today) < 0) continue;
    if (found.due && dueDate === null) {
      dueDate = found.date;
      line.take('due', found.start, found.end);
    } else if (!found.due && doDate === null) {
      doDate = found.date;
      line.take('date', found.start, found.end);
    }
  }
  return { doDate, dueDate };
};

const hasWord = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);

const cleanTitle = (text: string): string =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,;.!?])/g, '$1')
    .replace(/^[\s,;:\-–—]+|[\s,;:\-–—]+$/g, '')
    .replace(/\s+(?:on|at|by|for|due|every|and|,)$/i, '')
    .trim();

const clip = (text: string): string => [...text].slice(0, MAX_TITLE).join('').trim();

/**
 * Reads a quick-add line. Recognised, in this order, and taken out of the title: `#goal` tags (the first
 * names the goal), energy ("low energy", "energy: high", "!low", "!h"), minutes ("15m", "1h", "1h30",
 * "1.5 hours", "90 min"), recurrence ("every weekday", "every 2 days", "3 times a week", "every Monday
 * and Thursday", "monthly on the 15th"), "next week" (next Monday), then dates through chrono: one after
 * "by"/"due" is the due date, the first other one the do date. Dates before today and dates without a
 * day ("at 3pm", "March") are left in the title. What remains is the title; when nothing is left but the
 * input has a word, the title is the input itself.
 */
export const parseQuickAdd = (
  input: string,
  { now, timeZone, goals = [], includePastDates = false }: QuickAddOptions,
): QuickAddResult => {
  const line = new Line(input.slice(0, MAX_INPUT));
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  const today = localDateOf(now, zone);
  const { goalTag, goal } = takeTag(line, goals);
  const energyLevel = takeEnergy(line);
  const estimatedMinutes = takeMinutes(line);
  const pendingRule = takeRecurrence(line);
  const dates = takeDates(line, now, zone, today, includePastDates);
  const remaining = cleanTitle(line.current);
  const title = clip(hasWord(remaining) ? remaining : cleanTitle(input));
  return {
    title,
    ...dates,
    estimatedMinutes,
    energyLevel,
    goalTag,
    goal,
    recurrence: pendingRule === null ? null : pendingRule(dates.doDate ?? today),
    spans: [...line.spans].sort((a, b) => a.start - b.start),
  };
};
