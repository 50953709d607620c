import { revenueCentsOf } from '@stride/domain/analytics/attribution-report';
import { channelOfAttribution } from '@stride/domain/analytics/attribution-report';
import { analyticsUserOf } from '@stride/domain/analytics/event-owner';
import type { StrideEvent } from '@stride/domain/event-catalogue';
import type { EventRegistry } from '@stride/domain/shared/event-registry';
import { mapPersonalData } from '@stride/domain/privacy/personal-data';
import { parseStreamId } from '@stride/domain/stream-ids';
import type { StoredEvent } from '@stride/platform/event-store/types';
import type { AttributionRow, DomainEventRow } from './analytics-rows';

/** The user an event counts for (and the key it is relayed under). */
export const userOfEvent = (event: StoredEvent): string => analyticsUserOf(event.streamId, event.metadata.userId);

/**
 * When an event happened for analytics: the command's clock (metadata.recordedAt, the `now` the decider was
 * given), else the time the store wrote it.
 */
export const occurredAtOf = (event: StoredEvent): string => {
  const commandTime = Date.parse(event.metadata.recordedAt);
  return Number.isNaN(commandTime) ? event.recordedAt : new Date(commandTime).toISOString();
};

const goalIdOf = (streamId: string): string => {
  try {
    const { category, id } = parseStreamId(streamId);
    return category === 'goal' ? id : '';
  } catch {
    return '';
  }
};

interface Extracted {
  readonly taskIds: readonly string[];
  readonly units: number;
  readonly tier: string;
}

const NOTHING: Extracted = { taskIds: [], units: 0, tier: '' };

/** The columns the metrics read, from an event in its current schema. */
function extract(event: StrideEvent): Extracted {
  switch (event.type) {
    case 'TasksBatchGenerated':
      return { ...NOTHING, taskIds: event.data.tasks.map((task) => task.taskId) };
    case 'TaskAdded':
    case 'TaskUpdated':
    case 'TaskStarted':
    case 'TaskCompleted':
    case 'TaskReopened':
    case 'TaskTimeLogged':
    case 'TaskDeleted':
    case 'TaskScheduled':
    case 'TaskUnscheduled':
    case 'TaskDueDateSet':
    case 'TaskDueDateCleared':
    case 'TaskRecurrenceSet':
    case 'TaskRecurrenceCleared':
    case 'TaskOccurrenceCreated':
      return { ...NOTHING, taskIds: [event.data.taskId] };
    case 'AiGenerationCounted':
      return { ...NOTHING, units: event.data.units };
    case 'SubscriptionActivated':
    case 'SubscriptionChanged':
      return { ...NOTHING, tier: event.data.tier };
    case 'SubscriptionDowngraded':
      return { ...NOTHING, tier: event.data.toTier };
    default:
      return NOTHING;
  }
}

/**
 * A raw domain_events row. The data is read through the registry (upcast to the current schema and
 * validated); an event the registry cannot read is still stored, with nothing extracted, so the raw table
 * stays a complete copy of the log.
 */
export function toDomainEventRow(
  event: StoredEvent,
  registry: EventRegistry,
): { row: DomainEventRow; readable: boolean } {
  let extracted = NOTHING;
  let data: unknown = event.data;
  let readable = true;
  try {
    const current = registry.upcast(event) as StrideEvent;
    data = current.data;
    extracted = extract(current);
  } catch {
    readable = false;
  }
  return {
    readable,
    row: {
      event_id: event.eventId,
      global_position: event.globalPosition,
      user_id: userOfEvent(event),
      stream_id: event.streamId,
      event_type: event.type,
      occurred_at: occurredAtOf(event),
      goal_id: goalIdOf(event.streamId),
      task_ids: extracted.taskIds,
      units: extracted.units,
      amount_cents: revenueCentsOf(event.type, data),
      tier: extracted.tier,
      // Personal fields never reach analytics: what a user is and wrote stays in the log, under their key.
      data: JSON.stringify(mapPersonalData(event.type, data, () => PERSONAL_NOT_COPIED)),
    },
  };
}

/** What a personal field reads as in analytics (domain_events.data). */
export const PERSONAL_NOT_COPIED = '[personal]';

/** The first-touch attribution of a UserRegistered event (no record: Direct, no UTM data). */
export function toAttributionRow(event: StoredEvent, registry: EventRegistry): AttributionRow | null {
  if (event.type !== 'UserRegistered') return null;
  const registered = registry.upcast(event) as StrideEvent;
  if (registered.type !== 'UserRegistered') return null;
  const record = registered.data.attribution;
  const firstTouch = record?.first_touch_date ? Date.parse(record.first_touch_date) : Number.NaN;
  return {
    user_id: registered.data.userId,
    event_id: event.eventId,
    acquisition_channel: channelOfAttribution(record),
    utm_source: record?.utm_source ?? '',
    utm_medium: record?.utm_medium ?? '',
    utm_campaign: record?.utm_campaign ?? '',
    utm_term: record?.utm_term ?? '',
    utm_content: record?.utm_content ?? '',
    referrer_url: record?.referrer_url ?? '',
    landing_page: record?.landing_page ?? '',
    first_touch_at: Number.isFinite(firstTouch) ? new Date(firstTouch).toISOString() : null,
    signup_at: occurredAtOf(event),
  };
}
