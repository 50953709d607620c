import { addDays, compareLocalDates, localDateOf, startOfIsoWeek, type LocalDate } from '../dates/local-date';
import { nextOccurrenceAfter, occurrencesBetween, type Recurrence } from './recurrence-rule';

export interface HabitStreak {
  /** Kept periods in a row up to today; the period holding today does not break it while still open. */
  readonly current: number;
  readonly longest: number;
  /** Occurrences of the rule, or ISO weeks for "N times a week" habits. */
  readonly unit: 'occurrences' | 'weeks';
}

interface Period {
  readonly start: LocalDate;
  /** Exclusive. */
  readonly end: LocalDate;
  readonly needed: number;
}

const countIn = (completions: readonly LocalDate[], { start, end }: Period): number =>
  completions.filter((date) => compareLocalDates(date, start) >= 0 && compareLocalDates(date, end) < 0).length;

const streakOver = (periods: readonly Period[], completions: readonly LocalDate[], today: LocalDate) => {
  let run = 0;
  let longest = 0;
  let current = 0;
  periods.forEach((period, index) => {
    const kept = countIn(completions, period) >= period.needed;
    const open = compareLocalDates(today, period.end) < 0;
    if (kept) {
      run += 1;
      longest = Math.max(longest, run);
    } else if (!open) {
      run = 0;
    }
    if (index === periods.length - 1) current = run;
  });
  return { current, longest };
};

/** Each occurrence's period runs until the next occurrence: done any day in it keeps the streak. */
const occurrencePeriods = (recurrence: Recurrence, today: LocalDate): Period[] => {
  const dates = occurrencesBetween(recurrence, recurrence.startDate, today);
  return dates.map((start, index) => ({
    start,
    end: dates[index + 1] ?? nextOccurrenceAfter(recurrence, start) ?? addDays(today, 1),
    needed: 1,
  }));
};

const weekPeriods = (recurrence: Recurrence, times: number, today: LocalDate): Period[] => {
  const periods: Period[] = [];
  for (let week = startOfIsoWeek(recurrence.startDate); compareLocalDates(week, today) <= 0; week = addDays(week, 7)) {
    periods.push({ start: week, end: addDays(week, 7), needed: times });
  }
  return periods;
};

/**
 * A habit's streak from the local dates it was completed on (in the user's zone) and the user's today.
 * Completions before the start date or after today are ignored; several on one day count once, except
 * for "N times a week" where each distinct day counts towards the week's N.
 */
export const habitStreak = (
  recurrence: Recurrence,
  completionDates: readonly LocalDate[],
  today: LocalDate,
): HabitStreak => {
  if (compareLocalDates(today, recurrence.startDate) < 0) {
    return { current: 0, longest: 0, unit: recurrence.rule.kind === 'timesPerWeek' ? 'weeks' : 'occurrences' };
  }
  const completions = [...new Set(completionDates)].filter(
    (date) => compareLocalDates(date, recurrence.startDate) >= 0 && compareLocalDates(date, today) <= 0,
  );
  if (recurrence.rule.kind === 'timesPerWeek') {
    return { ...streakOver(weekPeriods(recurrence, recurrence.rule.times, today), completions, today), unit: 'weeks' };
  }
  return { ...streakOver(occurrencePeriods(recurrence, today), completions, today), unit: 'occurrences' };
};

/** What `seriesCompletionDates` needs of a task. */
export interface SeriesTask {
  readonly seriesId: string | null;
  readonly status: string;
  readonly completedAt: string | null;
  readonly deletedAt: string | null;
}

/** The local dates (in the user's zone) the live, done occurrences of a series were completed on. */
export const seriesCompletionDates = (tasks: readonly SeriesTask[], seriesId: string, timeZone: string): LocalDate[] =>
  tasks.flatMap((task) =>
    task.seriesId === seriesId && task.status === 'done' && task.deletedAt === null && task.completedAt !== null
      ? [localDateOf(new Date(task.completedAt), timeZone)]
      : [],
  );
