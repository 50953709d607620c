import type { PostgresEventStore } from '@stride/platform/event-store/event-store';
import type { LogCheckpoint } from '@stride/platform/event-store/types';
import { LOG_START } from '@stride/platform/event-store/types';
import type { Pool } from '@stride/platform/postgres/pool';
import { withTransaction } from '@stride/platform/postgres/pool';
import { applyBatch } from '../core/apply-batch';
import { notifyReadModelChange } from '../core/change-notifications';
import type { Projection } from '../core/projection';
import { readLog } from '../core/read-log';
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
 * 1. replay the whole log into empty shadow tables (`<table>__rebuild`), batch by batch, while the live
 *    projection keeps serving and following the log;
 * 2. in one transaction: lock the projection's checkpoint row (its live subscription waits), replay
 *    what was appended meanwhile, rename the shadow tables into place, and move the checkpoint to the
 *    rebuild's. Readers see either the old tables or the new ones; the subscription resumes after it.
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
    await client.query(
      `INSERT INTO subscription_checkpoints (subscription_id, transaction_id, global_position)
       VALUES ($1, '0', 0) ON CONFLICT (subscription_id) DO NOTHING`,
      [projection.subscriptionId],
    );
    await client.query('SELECT 1 FROM subscription_checkpoints WHERE subscription_id = $1 FOR UPDATE', [
      projection.subscriptionId,
    ]);
    for await (const batch of readLog(eventStore, client, { after: checkpoint, batchSize })) {
      handled += (await applyBatch(client, projection, batch.events, shadowTables)).handled;
      checkpoint = batch.checkpoint;
      events += batch.events.length;
    }
    options.onProgress?.({ projection: projection.name, phase: 'swap', position: checkpoint.position, events });
    for (const table of projection.tables) await swapInShadowTable(client, table);
    await client.query(
      `UPDATE subscription_checkpoints SET transaction_id = $2::xid8, global_position = $3, updated_at = now()
        WHERE subscription_id = $1`,
      [projection.subscriptionId, checkpoint.transactionId, checkpoint.position],
    );
    await notifyReadModelChange(client, { projection: projection.name, users: 'all' });
    return { projection: projection.name, events, handled, checkpoint };
  });
}
