import { addDays, differenceInCalendarDays, format, isValid, parseISO } from 'date-fns';

/**
 * Fitting a plan into a real calendar: suggested do-dates spread over the weeks before the target
 * date, and the overload check (the plan's minutes against the minutes a week the user has). Pure:
 * `today` comes in; dates are calendar days, YYYY-MM-DD.
 */

const DAY = /^\d{4}-\d{2}-\d{2}/;

/** A YYYY-MM-DD day (an ISO instant is read by its first ten characters), or null. */
export function parseDay(day: string | null | undefined): Date | null {
  if (!day || !DAY.test(day.trim())) return null;
  const date = parseISO(day.trim().slice(0, 10));
  return isValid(date) && format(date, 'yyyy-MM-dd') === day.trim().slice(0, 10) ? date : null;
}

const formatDay = (date: Date): string => format(date, 'yyyy-MM-dd');

/** Days from today to the target date (negative when past), or null without a usable one. */
export function daysUntil(targetDate: string | null | undefined, today: string): number | null {
  const from = parseDay(today);
  const to = parseDay(targetDate);
  return from && to ? differenceInCalendarDays(to, from) : null;
}

/**
 * One do-date per step, in order: the first today, the last the day before the target date, the rest
 * spread between. `spacing` is a step count (even spread) or one weight per step: the gap before a step
 * is proportional to its weight, so quick set-up steps sit close together at the start and milestones
 * spread over the weeks. Steps may share a day. Without a target date, or when it is today or past,
 * every step gets null (nothing to spread over).
 */
export function suggestDates(
  spacing: number | readonly number[],
  today: string,
  targetDate: string | null | undefined,
): (string | null)[] {
  const weights = typeof spacing === 'number' ? Array.from({ length: spacing }, () => 1) : spacing;
  const start = parseDay(today);
  const days = daysUntil(targetDate, today);
  if (!start || days === null || days < 1) return weights.map(() => null);
  const last = days - 1;
  const gaps = weights.map((weight, index) => (index === 0 ? 0 : Math.max(0, weight)));
  const total = gaps.reduce((sum, gap) => sum + gap, 0);
  let cumulative = 0;
  return gaps.map((gap) => {
    cumulative += gap;
    return formatDay(addDays(start, total === 0 ? 0 : Math.round((last * cumulative) / total)));
  });
}

export interface OverloadInput {
  readonly steps: readonly { readonly estimatedMinutes: number }[];
  readonly today: string;
  readonly targetDate: string | null | undefined;
  /** Minutes a week the user has for this goal; null or absent means unknown (no warning). */
  readonly availableMinutesPerWeek: number | null | undefined;
}

export type OverloadOption =
  | { readonly kind: 'move-target-date'; readonly targetDate: string }
  | { readonly kind: 'trim-steps'; readonly keepSteps: number; readonly minutes: number };

export interface OverloadAssessment {
  readonly planMinutes: number;
  /** Minutes available until the target date; null when unknown. */
  readonly availableMinutes: number | null;
  readonly overloaded: boolean;
  readonly warning: { readonly message: string; readonly options: readonly OverloadOption[] } | null;
}

/** "1 h 30 min", "45 min", "3 h". */
export function formatDuration(minutes: number): string {
  const rounded = Math.round(minutes);
  const hours = Math.floor(rounded / 60);
  const rest = rounded % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * Does the plan fit before the target date? Available = minutes a week x days left / 7 (at least one
 * day). When it does not, the warning offers: move the target date to the first day the plan fits at
 * the user's pace, or keep the first N steps (in plan order) that fit.
 */
export function assessOverload({
  steps,
  today,
  targetDate,
  availableMinutesPerWeek,
}: OverloadInput): OverloadAssessment {
  const planMinutes = steps.reduce((sum, step) => sum + step.estimatedMinutes, 0);
  const days = daysUntil(targetDate, today);
  const start = parseDay(today);
  if (days === null || !start || availableMinutesPerWeek === null || availableMinutesPerWeek === undefined) {
    return { planMinutes, availableMinutes: null, overloaded: false, warning: null };
  }
  const availableMinutes = Math.floor((availableMinutesPerWeek * Math.max(1, days)) / 7);
  if (planMinutes <= availableMinutes) return { planMinutes, availableMinutes, overloaded: false, warning: null };

  const options: OverloadOption[] = [];
  if (availableMinutesPerWeek > 0) {
    const daysNeeded = Math.ceil((planMinutes * 7) / availableMinutesPerWeek);
    options.push({ kind: 'move-target-date', targetDate: formatDay(addDays(start, daysNeeded)) });
  }
  let keepSteps = 0;
  let kept = 0;
  for (const step of steps) {
    if (kept + step.estimatedMinutes > availableMinutes) break;
    kept += step.estimatedMinutes;
    keepSteps += 1;
  }
  if (keepSteps > 0) options.push({ kind: 'trim-steps', keepSteps, minutes: kept });

  const when = days > 0 ? `before ${targetDate?.slice(0, 10)}` : 'by the target date';
  const choices = options.map((option) =>
    option.kind === 'move-target-date'
      ? `move the target date to ${option.targetDate}`
      : `keep the first ${option.keepSteps} step${option.keepSteps === 1 ? '' : 's'} (${formatDuration(option.minutes)})`,
  );
  const message =
    `This plan needs about ${formatDuration(planMinutes)}, but at ${formatDuration(availableMinutesPerWeek)} a week ` +
    `you have about ${formatDuration(availableMinutes)} ${when}.` +
    (choices.length > 0 ? ` You could ${choices.join(', or ')}.` : '');
  return { planMinutes, availableMinutes, overloaded: true, warning: { message, options } };
}
