import { EventEmitter } from 'node:events';
import type { AppendResult, EventMetadata, StoredEvent, StreamAppend } from '@stride/platform/event-store/types';
import { preparedQuery, type Queryable } from '@stride/platform/postgres/pool';
import { notifyAfterCommit, type ReadModelChange } from './change-notifications';
import type { Projection, ProjectionBatch } from './projection';
import { RowStore } from './row-store';
import { keyFilter, keyParams, selectList, upsertStatement } from './sql-rows';
import { keyString, type AnyTableSpec } from './table';

/** What one command appended, as the command handler knows it right after `appendInTransaction`. */
export interface AppendedBatch {
  /** The appends, every event with its id. */
  readonly appends: readonly StreamAppend[];
  /** The store's answer, one per append (`appended: false` = stored before: already projected then). */
  readonly results: readonly AppendResult[];
  /** The metadata the events were appended with (its userId is every envelope's actorId). */
  readonly metadata: Readonly<Record<string, unknown>> & { readonly userId: string };
}

/** A stored event while its batch is being applied: position and time are completed from the database. */
type PendingEvent = { -readonly [K in keyof StoredEvent]: StoredEvent[K] };

type AnyRow = Record<string, unknown>;

/**
 * Rows a command answers with, selected by its write statement from the rows that statement wrote (the
 * upsert's RETURNING), so that its response needs no read after the commit. `select(source, writtenOf)` is
 * a query giving one jsonb array (e.g. the API's JSON of each row), over `source`: the table's upserted
 * rows, as the table's own row type. A query that joins another table must see that table's rows as the
 * statement left them: `joins` names such tables, and `writtenOf(table)` gives the rows the statement
 * upserted into one (undefined when it upserted none), which the query takes instead of the table's own
 * (a statement's parts all read the table as it was before the statement).
 */
export interface WrittenRowsQuery {
  readonly table: AnyTableSpec;
  readonly joins?: readonly AnyTableSpec[];
  readonly select: (source: string, writtenOf: (table: AnyTableSpec) => string | undefined) => string;
}

/** What `apply` did: the read-model changes to announce, and each asked-for query's rows (JSON values). */
export interface InlineApplied {
  readonly changes: ReadModelChange[];
  readonly rows: Readonly<Record<string, readonly unknown[]>>;
}

/** The tables of several projections in one fixed order (by name): every locker takes them in this order. */
export const tablesInLockOrder = (projections: readonly Projection[]): AnyTableSpec[] =>
  projections.flatMap((projection) => projection.tables).sort((a, b) => a.name.localeCompare(b.name));

/**
 * The read models the API serves, kept in the same transaction as the events that change them (Marten's
 * and Emmett's inline projections): after a command's append, `apply` runs each projection's own `apply`
 * (the code rebuilds and audits replay) over the rows the events touch, in two statements (`plan`):
 * 1. one query loads every row the events may touch `FOR UPDATE` (tables in name order, keys in key order),
 *    with the transaction's time (`now()`, the events' `recorded_at`); the rows an event touches never
 *    depend on its position or time, so this statement is known before the append and the command handler
 *    sends it in the append's message; positions that are not contiguous are read after (`finish`);
 * 2. one statement writes every changed row (deletes and upserts as data-modifying CTEs) and selects,
 *    from the rows it upserted, what the command asked for to answer with (`WrittenRowsQuery`); the
 *    command handler sends it in the COMMIT's message when nothing else must run in between.
 * The other processes hear of the change by `NOTIFY stride_read_models` (when `notifyOthers`), sent in
 * the COMMIT's own message just after the commit (`afterCommit`, sent as `LazyTransaction.commit`'s
 * `after`: no round trip of its own); after the commit, `announce` tells this process's read caches at
 * once. The NOTIFY is sent outside the command's transaction on purpose: PostgreSQL serialises every
 * committing transaction that notified (one global queue lock held through the commit's flush), which
 * would cap all commands at one commit flush at a time. A NOTIFY lost in a crash between the commit and
 * the notify only leaves another process's cache entry to expire (goal-list-cache.ts).
 * The row locks serialise writers of one row; the table locks (ROW SHARE) make a rebuild's swap, which
 * takes EXCLUSIVE locks, wait for every writer in flight and hold back new ones (rebuild-projection.ts).
 * A commit therefore holds its read-model rows: a command's response, and every later read, sees it.
 */
export class InlineProjections {
  /** Emitted by `announce` after the command's commit: the read-model rows each projection changed. */
  readonly changed = new EventEmitter<{ changed: [ReadModelChange] }>();

  constructor(
    readonly projections: readonly Projection[],
    /** Whether other processes hear of the changes (NOTIFY); not where one process owns the database. */
    private readonly notifyOthers = false,
  ) {
    const names = new Set<string>();
    for (const projection of projections) {
      if (names.has(projection.name)) throw new Error(`Projection '${projection.name}' is registered twice`);
      names.add(projection.name);
    }
    this.changed.setMaxListeners(100);
  }

  get names(): readonly string[] {
    return this.projections.map((projection) => projection.name);
  }

  /**
   * Applies a command's appended events to every projection that handles them, in its transaction, and
   * selects `written` (by name) from the rows it wrote: a query whose table was not written gives [].
   * Two statements: `plan`'s load, then `finish`'s write (a command handler may send each together with
   * others in one message instead).
   */
  async apply(
    client: Queryable,
    appended: AppendedBatch,
    written: Readonly<Record<string, WrittenRowsQuery>> = {},
  ): Promise<InlineApplied> {
    const plan = this.plan(appended, written);
    const loaded = plan.load ? (await preparedQuery<LoadRow>(client, plan.load.text, plan.load.values)).rows : [];
    const finished = await plan.finish(client, appended.results, loaded);
    const rows = finished.write
      ? (await preparedQuery<Record<string, unknown[]>>(client, finished.write.text, finished.write.values)).rows
      : [];
    return { changes: finished.changes, rows: finished.rowsOf(rows) };
  }

  /**
   * What a command's events will do to the read models, known before the append (the rows an event touches
   * never depend on its position or time): `load` locks and reads every row its events may touch, and the
   * transaction's time; after the append, `finish` applies each projection to the events the store did
   * append, over the loaded rows, and gives the statement writing every changed row.
   */
  plan(appended: Omit<AppendedBatch, 'results'>, written: Readonly<Record<string, WrittenRowsQuery>> = {}): InlinePlan {
    const nothing: FinishedInline = { write: null, changes: [], rowsOf: () => noWrittenRows(written) };
    const everyEventAppended = appended.appends.map((append): AppendResult => ({
      streamId: append.streamId,
      appended: true,
      nextExpectedVersion: append.events.length,
      firstPosition: 0,
      lastPosition: append.events.length - 1,
      transactionId: '0',
    }));
    // Decoded once: what an event decodes to and which rows it touches never depend on its place in the
    // log, which `finish` fills in (the batches read it when they apply).
    const planned = pendingEvents({ ...appended, results: everyEventAppended });
    const plannedBatches = this.batchesOf(planned);
    const tables = tablesOf(plannedBatches);
    if (tables.length === 0) return { load: null, finish: async () => nothing };
    return {
      load: loadStatement(tables),
      finish: async (db, results, loadedRows) => {
        // Events stored before (an idempotent repeat) were projected then: only the others are applied.
        const stored = { ...appended, results };
        const everyOne = results.every((result) => result.appended);
        const events = everyOne ? placeEvents(planned, stored) : pendingEvents(stored);
        const batches = everyOne ? plannedBatches : this.batchesOf(events);
        if (batches.length === 0) return nothing;
        const loaded = parseLoaded(loadedRows);
        await completeEvents(db, events, stored, loaded);
        return this.applyBatches(batches, everyOne ? tables : tablesOf(batches), events, loaded, written, nothing);
      },
    };
  }

  private batchesOf(events: readonly PendingEvent[]): { projection: Projection; batch: ProjectionBatch }[] {
    return this.projections
      .map((projection) => ({ projection, batch: projection.decodeBatch(events) }))
      .filter(({ batch }) => batch.size > 0);
  }

  private applyBatches(
    batches: readonly { projection: Projection; batch: ProjectionBatch }[],
    /** The batches' tables with their keys (`tablesOf(batches)`). */
    tables: readonly TouchedTable[],
    events: readonly PendingEvent[],
    loaded: Loaded,
    written: Readonly<Record<string, WrittenRowsQuery>>,
    nothing: FinishedInline,
  ): FinishedInline {
    const rows = new Map(
      batches.map(({ projection }) => [projection.name, new RowStore(projection.tables, 'partial')]),
    );
    for (const { projection, batch } of batches) {
      const store = rows.get(projection.name)!;
      for (const table of projection.tables) {
        const entry = tables.find((candidate) => candidate.table === table)!;
        for (const key of entry.keys) store.seed(table, key, null);
        for (const row of loaded.rows.get(table.name) ?? []) store.seed(table, row, row);
      }
      batch.applyTo(store);
    }
    const position = Math.max(...events.map((event) => event.globalPosition));
    const changes = batches
      .map(({ projection }): ReadModelChange => {
        const store = rows.get(projection.name)!;
        const users = new Set<string>();
        for (const table of projection.tables) {
          if (OWNER_COLUMN in table.columns)
            for (const user of store.changedValues(table, OWNER_COLUMN)) users.add(user);
        }
        return { projection: projection.name, users: [...users], position };
      })
      .filter((change) => change.users.length > 0);
    const write = writeStatement(
      tables.map(({ table }) => {
        const owner = batches.find(({ projection }) => projection.tables.includes(table))!.projection;
        return { table, ...rows.get(owner.name)!.changes(table) };
      }),
      written,
    );
    if (!write) return { ...nothing, changes };
    return {
      write: write.statement,
      changes,
      rowsOf: (writeRows) => ({
        ...nothing.rowsOf([]),
        ...Object.fromEntries(write.selected.map((name, index) => [name, writeRows[0]![`r${index}`]!])),
      }),
    };
  }

  /** The statement that tells the other processes, sent with the COMMIT (`LazyTransaction.commit`'s `after`). */
  afterCommit(changes: readonly ReadModelChange[]): string | null {
    return this.notifyOthers ? notifyAfterCommit(changes) : null;
  }

  /** After the commit: tells this process's read caches at once. */
  announce(changes: readonly ReadModelChange[]): void {
    for (const change of changes) this.changed.emit('changed', change);
  }
}

const OWNER_COLUMN = 'user_id';

/** What each `written` query gives when the command wrote no row: []. */
export const noWrittenRows = (
  written: Readonly<Record<string, WrittenRowsQuery>>,
): Record<string, readonly unknown[]> => Object.fromEntries(Object.keys(written).map((name) => [name, []]));

/** The appended events as stored events; positions assumed contiguous and times provisional until loaded. */
function pendingEvents({ appends, results, metadata }: AppendedBatch): PendingEvent[] {
  const events = appends.flatMap((append, index) =>
    results[index]?.appended
      ? append.events.map((event): PendingEvent => ({
          globalPosition: 0,
          transactionId: '0',
          streamId: append.streamId,
          streamVersion: 0,
          eventId: event.eventId ?? '',
          type: event.type,
          schemaVersion: event.schemaVersion,
          data: event.data,
          metadata: { ...metadata, schemaVersion: event.schemaVersion } as unknown as EventMetadata,
          recordedAt: '',
        }))
      : [],
  );
  return placeEvents(events, { appends, results, metadata });
}

/**
 * Gives `events` (the pending events of the appends the store appended, in order) their places in the log
 * from its results: versions and transaction, positions assumed contiguous (completeEvents reads them where
 * they are not).
 */
function placeEvents(events: PendingEvent[], { appends, results }: AppendedBatch): PendingEvent[] {
  let next = 0;
  appends.forEach((append, index) => {
    const result = results[index];
    if (!result?.appended) return;
    const firstVersion = result.nextExpectedVersion - append.events.length + 1;
    for (let offset = 0; offset < append.events.length; offset += 1) {
      const event = events[next++]!;
      event.globalPosition = result.firstPosition + offset;
      event.transactionId = result.transactionId;
      event.streamVersion = firstVersion + offset;
    }
  });
  return events;
}

/** Every table the batches' projections touch, in lock order, with the keys touched. */
const tablesOf = (batches: readonly { projection: Projection; batch: ProjectionBatch }[]): TouchedTable[] =>
  tablesInLockOrder(batches.map(({ projection }) => projection)).map((table) => ({
    table,
    keys: keysOf(table, batches),
  }));

const keysOf = (
  table: AnyTableSpec,
  batches: readonly { projection: Projection; batch: ProjectionBatch }[],
): Readonly<Record<string, string>>[] => {
  const keys = batches
    .flatMap(({ batch }) => batch.refs)
    .filter((ref) => ref.table.name === table.name)
    .map((ref) => ref.key);
  return [...new Map(keys.map((key) => [keyString(table, key), key])).values()];
};

interface Loaded {
  readonly now: string;
  readonly rows: Map<string, AnyRow[]>;
}

/** A row of the load statement: a slot ('now', 'table:<name>') and its value. */
export interface LoadRow {
  readonly slot: string;
  readonly row: unknown;
}

/** A statement and its values (one-message.ts sends several in one round trip). */
export interface InlineStatement {
  readonly text: string;
  readonly values: readonly unknown[];
}

interface TouchedTable {
  readonly table: AnyTableSpec;
  readonly keys: readonly AnyRow[];
}

/** After the append: the write statement (null when no row changed), the changes, the answer's rows. */
export interface FinishedInline {
  readonly write: InlineStatement | null;
  readonly changes: ReadModelChange[];
  /** Each `written` query's rows, from the write statement's rows. */
  rowsOf(writeRows: readonly Record<string, unknown[]>[]): Record<string, readonly unknown[]>;
}

export interface InlinePlan {
  /** Locks and reads every row the events may touch, with the transaction's time; null when none. */
  readonly load: InlineStatement | null;
  /** Applies the events the store appended (`results`) over the load's rows; `db` reads what is missing. */
  finish(db: Queryable, results: readonly AppendResult[], loadRows: readonly LoadRow[]): Promise<FinishedInline>;
}

const contiguous = (append: StreamAppend, result: AppendResult | undefined): boolean =>
  !result?.appended || result.lastPosition - result.firstPosition + 1 === append.events.length;

/** A number per object (a table spec, a query), for the shapes below. */
const objectIds = new WeakMap<object, number>();
let objectCount = 0;
const idOf = (object: object): number => {
  let id = objectIds.get(object);
  if (id === undefined) objectIds.set(object, (id = objectCount += 1));
  return id;
};

/**
 * Statement texts by shape. A command's two statements differ from the last command's of its kind only in
 * their values: their texts depend on which tables it touches, which of them it upserts or deletes in, and
 * which queries it selects. Each shape's text is built once, and the same string then finds its prepared
 * statement's name at once (statementNameOf). Shapes are a fixed set; the bound keeps a mistake from
 * growing the map for ever.
 */
const textsByShape = new Map<string, unknown>();
function byShape<T>(shape: string, build: () => T): T {
  if (textsByShape.has(shape)) return textsByShape.get(shape) as T;
  const built = build();
  if (textsByShape.size < 10_000) textsByShape.set(shape, built);
  return built;
}

/** One query: the transaction's time and every touched row (locked, tables in lock order, keys in key order). */
function loadStatement(tables: readonly TouchedTable[]): InlineStatement {
  const loaded = tables.filter(({ keys }) => keys.length > 0);
  const shape = JSON.stringify(['load', loaded.map(({ table }) => idOf(table))]);
  const text = byShape(shape, () => loadText(loaded));
  return { text, values: loaded.flatMap(({ table, keys }) => keyParams(table, keys)) };
}

function loadText(tables: readonly TouchedTable[]): string {
  const parts = [`SELECT 'now' AS slot, to_jsonb(floor(extract(epoch FROM now()) * 1000)) AS row`];
  let offset = 0;
  for (const { table } of tables) {
    parts.push(
      `SELECT 'table:${table.name}', to_jsonb(r) FROM (SELECT ${selectList(table)} FROM ${table.name}
          WHERE ${keyFilter(table, offset)} ORDER BY ${table.key.join(', ')} FOR UPDATE) r`,
    );
    offset += table.key.length;
  }
  return parts.join('\nUNION ALL\n');
}

function parseLoaded(rows: readonly LoadRow[]): Loaded {
  const loaded: Loaded = { now: '', rows: new Map() };
  let now = '';
  for (const { slot, row } of rows) {
    if (slot === 'now') now = new Date(Number(row)).toISOString();
    else {
      const name = slot.slice(6);
      loaded.rows.set(name, [...(loaded.rows.get(name) ?? []), row as AnyRow]);
    }
  }
  return { ...loaded, now };
}

/**
 * The events' `recorded_at` is the transaction's `now()`; an append whose positions are not contiguous
 * (another transaction took numbers of the sequence in between) has its positions read from the database.
 */
async function completeEvents(
  db: Queryable,
  events: PendingEvent[],
  { appends, results }: AppendedBatch,
  loaded: Loaded,
): Promise<void> {
  for (const event of events) event.recordedAt = loaded.now;
  for (const [index, append] of appends.entries()) {
    if (contiguous(append, results[index])) continue;
    const streamEvents = events.filter((event) => event.streamId === append.streamId);
    const { rows } = await preparedQuery<{ global_position: number }>(
      db,
      'SELECT global_position FROM events WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version',
      [append.streamId, streamEvents[0]!.streamVersion],
    );
    streamEvents.forEach((event, offset) => {
      event.globalPosition = rows[offset]!.global_position;
    });
  }
}

/**
 * One statement: every delete and upsert (data-modifying CTEs), selecting each `written` query over the
 * rows upserted into its table (queries of tables not upserted are left out: they give nothing).
 */
function writeStatement(
  changes: readonly { table: AnyTableSpec; upserts: AnyRow[]; deletes: AnyRow[] }[],
  written: Readonly<Record<string, WrittenRowsQuery>>,
): { statement: InlineStatement; selected: readonly string[] } | null {
  const writes = changes.map(({ table, upserts, deletes }) => ({
    table,
    deletes: deletes.length > 0,
    upserts: upserts.length > 0,
  }));
  if (!writes.some((write) => write.deletes || write.upserts)) return null;
  const values: unknown[] = [];
  for (const { table, upserts, deletes } of changes) {
    if (deletes.length > 0) values.push(...keyParams(table, deletes));
    if (upserts.length > 0) values.push(JSON.stringify(upserts));
  }
  const shape = JSON.stringify([
    'write',
    writes.map(({ table, deletes, upserts }) => [idOf(table), deletes, upserts]),
    Object.entries(written).map(([name, query]) => [name, idOf(query)]),
  ]);
  const { text, selected } = byShape(shape, () => writeText(writes, written));
  return { statement: { text, values }, selected };
}

/** `writeStatement`'s text for tables that delete and upsert as `writes` says, its values in that order. */
function writeText(
  writes: readonly { table: AnyTableSpec; deletes: boolean; upserts: boolean }[],
  written: Readonly<Record<string, WrittenRowsQuery>>,
): { text: string; selected: string[] } {
  const ctes: string[] = [];
  let parameters = 0;
  /** The CTE of each table's upsert, by table name. */
  const upserted = new Map<string, string>();
  const queried = new Set(
    Object.values(written).flatMap((query) => [query.table, ...(query.joins ?? [])].map((table) => table.name)),
  );
  for (const { table, deletes, upserts } of writes) {
    if (deletes) {
      ctes.push(`DELETE FROM ${table.name} WHERE ${keyFilter(table, parameters)}`);
      parameters += table.key.length;
    }
    if (upserts) {
      parameters += 1;
      upserted.set(table.name, `w${ctes.length}`);
      const returning = queried.has(table.name) ? ' RETURNING *' : '';
      ctes.push(`${upsertStatement(table, table.name, parameters)}${returning}`);
    }
  }
  const selected = Object.entries(written).flatMap(([name, query]) => {
    const source = upserted.get(query.table.name);
    return source ? [{ name, sql: query.select(source, (table) => upserted.get(table.name)) }] : [];
  });
  const select =
    selected.length === 0
      ? 'SELECT 1'
      : `SELECT ${selected.map(({ sql }, index) => `(${sql}) AS r${index}`).join(', ')}`;
  return {
    text: `WITH ${ctes.map((cte, index) => `w${index} AS (${cte})`).join(',\n')}\n${select}`,
    selected: selected.map(({ name }) => name),
  };
}
