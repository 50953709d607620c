import type { PostgresEventStore } from '@stride/platform/event-store/event-store';
import type { LogCheckpoint } from '@stride/platform/event-store/types';
import type { PoolClient } from '@stride/platform/postgres/pool';
import { applyBatch, liveTables, type TableNames } from './apply-batch';
import { tablesInLockOrder } from './inline-projections';
import type { Projection } from './projection';
import { readLog } from './read-log';

/**
 * In the caller's transaction: locks the projection's live tables EXCLUSIVE (readers go on; inline writers,
 * which lock the rows they change, wait for this transaction, and every writer in flight has committed
 * once the lock is granted), then applies every committed event after `after` into `tableNames`. Under
 * that lock no event of this projection can commit unseen, so the log is read without the gap-safe
 * horizon. Returns the checkpoint reached and the events handled.
 */
export async function catchUpUnderLock(
  client: PoolClient,
  eventStore: PostgresEventStore,
  projection: Projection,
  after: LogCheckpoint,
  tableNames: TableNames = liveTables,
  batchSize = 1000,
): Promise<{ checkpoint: LogCheckpoint; events: number; handled: number }> {
  const tables = tablesInLockOrder([projection]).map((table) => table.name);
  await client.query(`LOCK TABLE ${tables.join(', ')} IN EXCLUSIVE MODE`);
  let checkpoint = after;
  let events = 0;
  let handled = 0;
  for await (const batch of readLog(eventStore, client, { after, batchSize, gapSafe: false })) {
    handled += (await applyBatch(client, projection, batch.events, tableNames)).handled;
    checkpoint = batch.checkpoint;
    events += batch.events.length;
  }
  return { checkpoint, events, handled };
}
