import type { PostgresEventStore } from '@stride/platform/event-store/event-store';
import type { LogCheckpoint } from '@stride/platform/event-store/types';
import { LOG_START } from '@stride/platform/event-store/types';
import type { Pool } from '@stride/platform/postgres/pool';
import { withTransaction } from '@stride/platform/postgres/pool';
import { applyBatch } from '../core/apply-batch';
import { notifyReadModelChange } from '../core/change-notifications';
import type { Projection } from '../core/projection';
import { readLog } from '../core/read-log';
import { catchUpUnderLock } from '../core/catch-up-under-lock';
import { removeCheckpoint } from '../core/projection-checkpoint';
import { createShadowTable, shadowName, swapInShadowTable } from './swap-tables';

export interface RebuildProgress {
  readonly projection: string;
  readonly phase: 'replay' | 'swap';
  /** Global position of the last event read. */
  readonly position: number;
  readonly events: number;
}

export interface RebuildResult {
  readonly projection: string;
  readonly events: number;
  readonly handled: number;
  readonly checkpoint: LogCheckpoint;
}

/**
 * Rebuilds a projection from position 0 beside its live tables, then swaps atomically:
 * 1. replay the whole log (gap-safe) into empty shadow tables (`<table>__rebuild`), batch by batch, while
 *    commands keep the live tables current inline and readers read them;
 * 2. in one transaction: lock the live tables EXCLUSIVE (readers go on; the inline writers in flight
 *    commit first, new ones wait), replay into the shadow what committed meanwhile (catch-up-under-lock.ts),
 *    rename the shadow tables into place and drop any old subscription checkpoint. Readers see either the
 *    old tables or the new ones; a waiting writer then locks and writes the new table, so nothing a
 *    command commits during the rebuild is lost (rebuild-during-writes.int.test.ts).
 */
export async function rebuildProjection(
  pool: Pool,
  eventStore: PostgresEventStore,
  projection: Projection,
  options: { batchSize?: number; onProgress?: (progress: RebuildProgress) => void } = {},
): Promise<RebuildResult> {
  const batchSize = options.batchSize ?? 1000;
  const shadowTables = (table: { name: string }) => {
    const spec = projection.tables.find((candidate) => candidate.name === table.name);
    if (!spec) throw new Error(`Unknown table ${table.name}`);
    return shadowName(spec);
  };
  await withTransaction(pool, async (client) => {
    for (const table of projection.tables) await createShadowTable(client, table);
  });

  let checkpoint: LogCheckpoint = LOG_START;
  let events = 0;
  let handled = 0;
  for await (const batch of readLog(eventStore, pool, { batchSize })) {
    handled += (await withTransaction(pool, (client) => applyBatch(client, projection, batch.events, shadowTables)))
      .handled;
    checkpoint = batch.checkpoint;
    events += batch.events.length;
    options.onProgress?.({ projection: projection.name, phase: 'replay', position: checkpoint.position, events });
  }

  return withTransaction(pool, async (client) => {
    const rest = await catchUpUnderLock(client, eventStore, projection, checkpoint, shadowTables, batchSize);
    handled += rest.handled;
    events += rest.events;
    checkpoint = rest.checkpoint;
    options.onProgress?.({ projection: projection.name, phase: 'swap', position: checkpoint.position, events });
    for (const table of projection.tables) await swapInShadowTable(client, table);
    await removeCheckpoint(client, projection);
    await notifyReadModelChange(client, { projection: projection.name, users: 'all' });
    return { projection: projection.name, events, handled, checkpoint };
  });
}
