import { daysBetween } from '@stride/domain/analytics/user-metrics';
import { DomainError } from '@stride/domain/shared/domain-error';

const MS_PER_DAY = 86_400_000;

export interface DayRange {
  readonly start: string;
  readonly end: string;
  /** The instant `start` begins. */
  readonly from: Date;
  /** The instant after `end` ends (exclusive). */
  readonly to: Date;
  /** Every day from start to end, in order. */
  readonly days: string[];
}

/** An inclusive range of UTC days; a DomainError('validation') when it is reversed or longer than maxDays. */
export function dayRange(start: string, end: string, maxDays: number): DayRange {
  const length = daysBetween(start, end);
  if (length === null)
    throw new DomainError('validation', 'start and end must be dates (YYYY-MM-DD)', { field: 'start' });
  if (length < 0) throw new DomainError('validation', 'end must not be before start', { field: 'end' });
  if (length + 1 > maxDays) {
    throw new DomainError('validation', `The range may cover at most ${maxDays} days`, { field: 'end' });
  }
  const from = Date.parse(`${start}T00:00:00.000Z`);
  const days = Array.from({ length: length + 1 }, (_, index) =>
    new Date(from + index * MS_PER_DAY).toISOString().slice(0, 10),
  );
  return { start, end, from: new Date(from), to: new Date(from + (length + 1) * MS_PER_DAY), days };
}
