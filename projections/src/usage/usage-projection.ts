import type { EventRegistry } from '@stride/domain/shared/event-registry';
import { parseStreamId } from '@stride/domain/stream-ids';
import { evolve, usageEventDefinitions, type UsageEvent, type UsageState } from '@stride/domain/usage/usage-events';
import { isoInstantOrNull } from '../core/instant';
import type { EventOf } from '@stride/domain/shared/create-event';
import { userErased } from '@stride/domain/users/user-events';
import { defineProjection, rowRef, type EventEnvelope } from '../core/projection';
import type { RowStore } from '../core/row-store';
import { usageCountersTable, type UsageCounterRow } from './usage-table';

const userIdOf = (envelope: EventEnvelope): string => parseStreamId(envelope.streamId).id;

/** The usage aggregate's state as the counters row holds it (the decider decides from it: usage-snapshot). */
export const usageStateOf = (row: UsageCounterRow | undefined): UsageState =>
  row
    ? {
        month: row.current_month,
        goalsThisMonth: row.goals_this_month,
        aiGenerationsThisMonth: row.ai_generations_this_month,
        lastResetDate: row.last_reset_date,
      }
    : { month: null, goalsThisMonth: 0, aiGenerationsThisMonth: 0, lastResetDate: null };

/** The counters are the usage aggregate's own state: the domain's evolve folds them, here as in the decider. */
export const applyUsageEvent = (
  rows: RowStore,
  event: UsageEvent | EventOf<typeof userErased>,
  envelope: EventEnvelope,
): void => {
  const userId = userIdOf(envelope);
  if (event.type === 'UserErased') return rows.delete(usageCountersTable, { user_id: userId });
  const next = evolve(usageStateOf(rows.get(usageCountersTable, { user_id: userId })), event);
  rows.put(usageCountersTable, {
    user_id: userId,
    current_month: next.month ?? event.data.month,
    goals_this_month: next.goalsThisMonth,
    ai_generations_this_month: next.aiGenerationsThisMonth,
    last_reset_date: isoInstantOrNull(next.lastResetDate),
    updated_at: envelope.recordedAt,
    stream_version: envelope.streamVersion,
  });
};

export const createUsageProjection = (registry: EventRegistry) =>
  defineProjection<UsageEvent | EventOf<typeof userErased>>(
    {
      name: 'usage',
      tables: [usageCountersTable],
      // UserErased (on the user's stream, named after them like the usage stream): their counters go.
      eventTypes: [...usageEventDefinitions, userErased].map((definition) => definition.type),
      keysOf: (_event, envelope) => [rowRef(usageCountersTable, { user_id: userIdOf(envelope) })],
      apply: applyUsageEvent,
    },
    registry,
  );
