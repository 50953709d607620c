import { compareCheckpoints, checkpointOf, type PostgresEventStore } from '@stride/platform/event-store/event-store';
import type { LogCheckpoint, StoredEvent } from '@stride/platform/event-store/types';
import { LOG_START } from '@stride/platform/event-store/types';
import type { Queryable } from '@stride/platform/postgres/pool';

/**
 * Reads the global log in batches (gap-safe order) from `after`, optionally stopping at `until`
 * (inclusive). Yields each batch with the checkpoint of its last event. `gapSafe: false`: see readAll.
 */
export async function* readLog(
  eventStore: PostgresEventStore,
  db: Queryable,
  options: { after?: LogCheckpoint; until?: LogCheckpoint; batchSize?: number; gapSafe?: boolean } = {},
): AsyncGenerator<{ events: StoredEvent[]; checkpoint: LogCheckpoint }> {
  let after = options.after ?? LOG_START;
  for (;;) {
    const read = await eventStore.readAll(
      { after, limit: options.batchSize ?? 1000, ...(options.gapSafe === false && { gapSafe: false }) },
      db,
    );
    const { until } = options;
    const events = until ? read.filter((event) => compareCheckpoints(checkpointOf(event), until) <= 0) : read;
    if (events.length === 0) return;
    after = checkpointOf(events.at(-1)!);
    yield { events, checkpoint: after };
    if (events.length < read.length) return;
  }
}
