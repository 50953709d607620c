import { z } from 'zod';
import {
  addDays,
  compareLocalDates,
  floatingDateOf,
  localDateOf,
  localDateOfFloating,
  localDateSchema,
  type LocalDate,
} from '../dates/local-date';
import { RRule } from './rrule-library';

/**
 * How a task repeats, as the user chose it. Stored structured (so "3 times a week" keeps its meaning for
 * streaks); the RFC 5545 RRULE is derived from it by `toRRule`, and every date is computed by `rrule`.
 */
export const weekdayCodes = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export const weekdayCodeSchema = z.enum(weekdayCodes);
export type WeekdayCode = z.infer<typeof weekdayCodeSchema>;

export const recurrenceRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('daily') }),
  z.object({ kind: z.literal('weekdays') }),
  /** On these days of every week. */
  z.object({ kind: z.literal('weekly'), days: z.array(weekdayCodeSchema).min(1).max(7) }),
  /** N times a week; planned on N days spread over the week (see `spreadDays`). */
  z.object({ kind: z.literal('timesPerWeek'), times: z.number().int().min(1).max(7) }),
  z.object({ kind: z.literal('everyNDays'), interval: z.number().int().min(1).max(365) }),
  /** On this day of every month; 29-31 fall on the month's last day in shorter months. */
  z.object({ kind: z.literal('monthly'), dayOfMonth: z.number().int().min(1).max(31) }),
]);
export type RecurrenceRule = z.infer<typeof recurrenceRuleSchema>;

/** A rule anchored on the local date of its first occurrence (RFC 5545's DTSTART, as a floating date). */
export const recurrenceSchema = z.object({ rule: recurrenceRuleSchema, startDate: localDateSchema });
export type Recurrence = z.infer<typeof recurrenceSchema>;

const SPREAD: Record<number, readonly WeekdayCode[]> = {
  1: ['MO'],
  2: ['TU', 'FR'],
  3: ['MO', 'WE', 'FR'],
  4: ['MO', 'TU', 'TH', 'FR'],
  5: ['MO', 'TU', 'WE', 'TH', 'FR'],
  6: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA'],
  7: weekdayCodes,
};

/** The days a "N times a week" rule is planned on. */
export const spreadDays = (times: number): readonly WeekdayCode[] => SPREAD[times] ?? weekdayCodes;

const byDay = (days: readonly WeekdayCode[]): string => weekdayCodes.filter((code) => days.includes(code)).join(',');

/** The RFC 5545 RRULE value (without DTSTART) of a rule. */
export const toRRule = (rule: RecurrenceRule): string => {
  switch (rule.kind) {
    case 'daily':
      return 'FREQ=DAILY';
    case 'weekdays':
      return 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';
    case 'weekly':
      return `FREQ=WEEKLY;BYDAY=${byDay(rule.days)}`;
    case 'timesPerWeek':
      return `FREQ=WEEKLY;BYDAY=${byDay(spreadDays(rule.times))}`;
    case 'everyNDays':
      return rule.interval === 1 ? 'FREQ=DAILY' : `FREQ=DAILY;INTERVAL=${rule.interval}`;
    case 'monthly':
      return rule.dayOfMonth <= 28
        ? `FREQ=MONTHLY;BYMONTHDAY=${rule.dayOfMonth}`
        : `FREQ=MONTHLY;BYMONTHDAY=${Array.from({ length: rule.dayOfMonth - 27 }, (_, i) => 28 + i).join(',')};BYSETPOS=-1`;
  }
};

const rruleOf = ({ rule, startDate }: Recurrence) =>
  new RRule({ ...RRule.parseString(toRRule(rule)), dtstart: floatingDateOf(startDate) });

/**
 * The first occurrence strictly after `after` (a local date). Occurrences are local calendar dates, so
 * the computation is zone-free and a DST change cannot skip or double a day; the zone only decides what
 * "today" is (see `nextOccurrenceOnOrAfterToday`). The start date itself is the first occurrence only
 * when it matches the rule; null when the rule has no more occurrences.
 */
export const nextOccurrenceAfter = (recurrence: Recurrence, after: LocalDate): LocalDate | null => {
  const next = rruleOf(recurrence).after(floatingDateOf(after), false);
  return next === null ? null : localDateOfFloating(next);
};

/** Every occurrence in [from, to], both local dates, in order. */
export const occurrencesBetween = (recurrence: Recurrence, from: LocalDate, to: LocalDate): LocalDate[] =>
  compareLocalDates(from, to) > 0
    ? []
    : rruleOf(recurrence).between(floatingDateOf(from), floatingDateOf(to), true).map(localDateOfFloating);

/** The first occurrence on or after the user's today (computed from `now` in `timeZone`). */
export const nextOccurrenceOnOrAfterToday = (recurrence: Recurrence, now: Date, timeZone: string): LocalDate | null =>
  nextOccurrenceAfter(recurrence, addDays(localDateOf(now, timeZone), -1));

/** The first occurrence on or after the start date: where a new series begins. */
export const firstOccurrence = (recurrence: Recurrence): LocalDate | null =>
  nextOccurrenceAfter(recurrence, addDays(recurrence.startDate, -1));
