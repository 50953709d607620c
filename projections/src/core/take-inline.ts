import type { PostgresEventStore } from '@stride/platform/event-store/event-store';
import type { Pool } from '@stride/platform/postgres/pool';
import { withTransaction } from '@stride/platform/postgres/pool';
import { catchUpUnderLock } from './catch-up-under-lock';
import { notifyReadModelChange } from './change-notifications';
import type { Projection } from './projection';
import { readCheckpoint, removeCheckpoint } from './projection-checkpoint';

/**
 * At start-up, before any command runs: a projection that still has a subscription checkpoint (it was
 * followed asynchronously before, or it is new and a migration set its checkpoint to 0 to fill it from
 * the log) is caught up to the end of the log under its table locks, and its checkpoint removed: from
 * then on commands keep it inline. Idempotent; concurrent starts queue on the locks. Returns the events
 * applied per projection.
 */
export async function takeProjectionsInline(
  pool: Pool,
  eventStore: PostgresEventStore,
  projections: readonly Projection[],
): Promise<Record<string, number>> {
  const applied: Record<string, number> = {};
  for (const projection of projections) {
    applied[projection.name] = await withTransaction(pool, async (client) => {
      const checkpoint = await readCheckpoint(client, projection, { lock: true });
      if (!checkpoint) return 0;
      const { handled } = await catchUpUnderLock(client, eventStore, projection, checkpoint);
      await removeCheckpoint(client, projection);
      if (handled > 0) await notifyReadModelChange(client, { projection: projection.name, users: 'all' });
      return handled;
    });
  }
  return applied;
}
