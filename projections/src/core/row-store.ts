import { keyString, type AnyTableSpec, type TableSpec } from './table';

type AnyRow = Record<string, unknown>;

interface Slot {
  row: AnyRow | null;
  dirty: boolean;
  /** The row as seeded (what the table held before the batch). */
  original: AnyRow | null;
}

/**
 * The rows one projection batch reads and writes, by table and primary key. In `partial` mode (a live
 * batch) only the rows loaded for the batch are known and reading any other is a bug in the projection's
 * `keysOf`; in `complete` mode (a replay in memory) every row is here, so an unknown key is an absent row.
 */
export class RowStore {
  private readonly tables = new Map<string, Map<string, Slot>>();

  constructor(
    tables: readonly AnyTableSpec[],
    private readonly mode: 'partial' | 'complete',
  ) {
    for (const table of tables) this.tables.set(table.name, new Map());
  }

  /** Records what the database holds for a key (`null` = no row). Not a change. */
  seed(table: AnyTableSpec, key: AnyRow, row: AnyRow | null): void {
    this.slots(table).set(keyString(table, key), { row, dirty: false, original: row });
  }

  get<Row, Key extends keyof Row & string>(table: TableSpec<Row, Key>, key: Pick<Row, Key>): Row | undefined {
    const slot = this.slots(table).get(keyString(table as AnyTableSpec, key as AnyRow));
    if (!slot) {
      if (this.mode === 'complete') return undefined;
      throw new Error(`Row ${keyString(table as AnyTableSpec, key as AnyRow)} of ${table.name} was not loaded`);
    }
    return (slot.row ?? undefined) as Row | undefined;
  }

  put<Row, Key extends keyof Row & string>(table: TableSpec<Row, Key>, row: Row): void {
    const key = keyString(table as AnyTableSpec, row as AnyRow);
    const original = this.slots(table).get(key)?.original ?? null;
    this.slots(table).set(key, { row: { ...(row as AnyRow) }, dirty: true, original });
  }

  /** Applies `change` to an existing row; a missing row is left missing (events of unknown aggregates). */
  update<Row, Key extends keyof Row & string>(
    table: TableSpec<Row, Key>,
    key: Pick<Row, Key>,
    change: (row: Row) => Partial<Row>,
  ): void {
    const row = this.get(table, key);
    if (row !== undefined) this.put(table, { ...row, ...change(row) });
  }

  delete<Row, Key extends keyof Row & string>(table: TableSpec<Row, Key>, key: Pick<Row, Key>): void {
    const slotKey = keyString(table as AnyTableSpec, key as AnyRow);
    const original = this.slots(table).get(slotKey)?.original ?? null;
    this.slots(table).set(slotKey, { row: null, dirty: true, original });
  }

  /** The values of `column` (e.g. user_id) of every changed row, before or after the change. */
  changedValues(table: AnyTableSpec, column: string): Set<string> {
    const values = new Set<string>();
    for (const slot of this.slots(table).values()) {
      if (!slot.dirty) continue;
      for (const row of [slot.row, slot.original]) {
        const value = row?.[column];
        if (typeof value === 'string') values.add(value);
      }
    }
    return values;
  }

  /** The rows changed since seeding: those to upsert and the keys to delete. */
  changes(table: AnyTableSpec): { upserts: AnyRow[]; deletes: AnyRow[] } {
    const upserts: AnyRow[] = [];
    const deletes: AnyRow[] = [];
    for (const [key, slot] of this.slots(table)) {
      if (!slot.dirty) continue;
      if (slot.row) upserts.push(slot.row);
      else {
        const values = JSON.parse(key) as unknown[];
        deletes.push(Object.fromEntries(table.key.map((column, i) => [column, values[i]])));
      }
    }
    return { upserts, deletes };
  }

  /** Every present row of a table (a replay's result). */
  rows(table: AnyTableSpec): AnyRow[] {
    return [...this.slots(table).values()].flatMap((slot) => (slot.row ? [slot.row] : []));
  }

  private slots(table: { readonly name: string }): Map<string, Slot> {
    const slots = this.tables.get(table.name);
    if (!slots) throw new Error(`Table ${table.name} is not one of this projection's tables`);
    return slots;
  }
}
