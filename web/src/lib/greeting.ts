import { localHourOf } from '@stride/domain/analytics/local-time';

/**
 * The greeting for the hour of the user's day in their own time zone: morning from 05:00, afternoon from
 * 12:00, evening from 18:00 and through the small hours (nobody is greeted "Good morning" at 03:00).
 */
export function greetingAt(now: Date, timeZone: string): string {
  const hour = localHourOf(now.getTime(), timeZone);
  if (hour >= 5 && hour < 12) return 'Good morning';
  if (hour >= 12 && hour < 18) return 'Good afternoon';
  return 'Good evening';
}
