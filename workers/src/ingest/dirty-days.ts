import { ACTIVITY_EVENT_TYPES } from '@stride/domain/analytics/activity';
import type { StoredEvent } from '@stride/platform/event-store/types';
import { localDayOf } from '@stride/domain/analytics/local-time';
import type { UserDay } from '@stride/application/analytics/schedule-daily-metrics';
import type { TrackedEventRecord } from '@stride/application/analytics/tracked-event-record';
import { occurredAtOf, userOfEvent } from './domain-event-rows';

const activityTypes: ReadonlySet<string> = new Set(ACTIVITY_EVENT_TYPES);

const distinctDays = (days: Iterable<UserDay>): UserDay[] => {
  const seen = new Map<string, UserDay>();
  for (const day of days) seen.set(`${day.userId}\n${day.date}`, day);
  return [...seen.values()];
};

/** Each user's time zone (their days are local days). */
export type ZoneOf = (userId: string) => string;

const dayOf = (at: string, timeZone: string): string => localDayOf(Date.parse(at), timeZone);

/** The user-days (in each user's own time zone) whose daily metrics these domain events change. */
export function userDaysOfDomainEvents(events: readonly StoredEvent[], zoneOf: ZoneOf): UserDay[] {
  return distinctDays(
    events
      .filter((event) => activityTypes.has(event.type))
      .map((event) => {
        const userId = userOfEvent(event);
        return { userId, date: dayOf(occurredAtOf(event), zoneOf(userId)) };
      }),
  );
}

/** The user-days (in each user's own time zone) whose session time these tracked events change: any signed-in event of a session. */
export function userDaysOfTrackedEvents(records: readonly TrackedEventRecord[], zoneOf: ZoneOf): UserDay[] {
  return distinctDays(
    records
      .filter((record) => record.userId !== '' && record.sessionId !== '')
      .map((record) => ({ userId: record.userId, date: dayOf(record.occurredAt, zoneOf(record.userId)) })),
  );
}
