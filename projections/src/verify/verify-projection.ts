import { compareCheckpoints } from '@stride/platform/event-store/event-store';
import type { PostgresEventStore } from '@stride/platform/event-store/event-store';
import type { LogCheckpoint } from '@stride/platform/event-store/types';
import { LOG_START } from '@stride/platform/event-store/types';
import type { Pool } from '@stride/platform/postgres/pool';
import type { Projection } from '../core/projection';
import { readLog } from '../core/read-log';
import { RowStore } from '../core/row-store';
import { allRows } from '../core/sql-rows';
import { keyString } from '../core/table';
import { readCheckpoint } from '../core/projection-checkpoint';

export interface RowDrift {
  readonly table: string;
  readonly key: string;
  /** missing: the replay has the row, the table does not; unexpected: the reverse; changed: both differ. */
  readonly kind: 'missing' | 'unexpected' | 'changed';
  readonly columns: readonly { column: string; expected: unknown; actual: unknown }[];
}

export interface ProjectionVerification {
  readonly projection: string;
  readonly checkpoint: LogCheckpoint;
  readonly events: number;
  readonly rows: number;
  readonly drift: readonly RowDrift[];
}

type AnyRow = Record<string, unknown>;

/** JSON with sorted object keys: jsonb does not keep key order, values are what count. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as AnyRow).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

const changedColumns = (expected: AnyRow, actual: AnyRow) =>
  Object.keys(expected)
    .filter((column) => canonical(expected[column]) !== canonical(actual[column]))
    .map((column) => ({ column, expected: expected[column], actual: actual[column] }));

/**
 * Replays the log into the projection's read model in memory and compares it row by row with its tables,
 * all in one snapshot (REPEATABLE READ): an inline projection's rows commit with their events, so the
 * snapshot's log explains the snapshot's rows exactly; only rows that the log does not explain are drift.
 */
export async function verifyProjection(
  pool: Pool,
  eventStore: PostgresEventStore,
  projection: Projection,
): Promise<ProjectionVerification> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // An inline projection (no checkpoint) holds every event the snapshot sees; one still being caught up
    // (a checkpoint) holds the events up to its checkpoint.
    const checkpoint = await readCheckpoint(client, projection);
    const replay = new RowStore(projection.tables, 'complete');
    let events = 0;
    let reached: LogCheckpoint = checkpoint ?? LOG_START;
    const range = checkpoint ? { until: checkpoint } : { gapSafe: false };
    if (!checkpoint || compareCheckpoints(checkpoint, LOG_START) > 0) {
      for await (const batch of readLog(eventStore, client, { ...range, batchSize: 2000 })) {
        projection.decodeBatch(batch.events).applyTo(replay);
        events += batch.events.length;
        reached = batch.checkpoint;
      }
    }
    const drift: RowDrift[] = [];
    let rowCount = 0;
    for (const table of projection.tables) {
      const expected = new Map(replay.rows(table).map((row) => [keyString(table, row), row]));
      const actual = new Map((await allRows(client, table)).map((row) => [keyString(table, row), row]));
      rowCount += actual.size;
      for (const [key, row] of expected) {
        const stored = actual.get(key);
        if (!stored) drift.push({ table: table.name, key, kind: 'missing', columns: [] });
        else {
          const columns = changedColumns(row, stored);
          if (columns.length > 0) drift.push({ table: table.name, key, kind: 'changed', columns });
        }
      }
      for (const key of actual.keys()) {
        if (!expected.has(key)) drift.push({ table: table.name, key, kind: 'unexpected', columns: [] });
      }
    }
    await client.query('COMMIT');
    return { projection: projection.name, checkpoint: reached, events, rows: rowCount, drift };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
