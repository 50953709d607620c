import { createHash } from 'node:crypto';
import type { Logger } from '../logger';

export interface InsertBatcherOptions<Row> {
  /** Names the batches in logs and in their de-duplication tokens. */
  readonly table: string;
  /** Writes one batch; a retry of the same batch passes the same token. */
  readonly insert: (rows: readonly Row[], deduplicationToken: string) => Promise<void>;
  /** The row's unique id (the event id): the token is derived from the first and last ids of a batch. */
  readonly idOf: (row: Row) => string;
  /** Flush once this many rows wait (default 10,000). */
  readonly maxRows?: number;
  /** Largest single insert (default 50,000); a bigger buffer is written as several batches. */
  readonly maxBatchRows?: number;
  /** Flush at the latest this long after the first waiting row arrived (default 1,000 ms). */
  readonly maxWaitMs?: number;
  /** Attempts per batch before its callers are failed (default 5), with exponential backoff. */
  readonly attempts?: number;
  readonly retryBaseDelayMs?: number;
  /**
   * Stores a row that cannot be stored in its table (analytics_dead_letters). With it, a batch that still fails
   * after its attempts is split in halves, each written on its own, down to single rows: good rows land and
   * only the bad row is set aside (its callers resolve once the dead letter is stored). Without it, or when
   * the dead letter cannot be stored either (the server is down), the batch's callers are failed.
   */
  readonly deadLetter?: (row: Row, error: Error) => Promise<void>;
  readonly logger?: Logger;
}

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
}

export interface BatcherStats {
  readonly table: string;
  readonly buffered: number;
  readonly flushedRows: number;
  readonly flushedBatches: number;
  readonly failedBatches: number;
  readonly deadLetters: number;
  readonly lastError: string | null;
}

/** The de-duplication token of a batch: deterministic from its table, size, and first and last row ids. */
export function batchToken(table: string, firstId: string, lastId: string, count: number): string {
  return createHash('sha1').update(`${table}\n${count}\n${firstId}\n${lastId}`).digest('hex');
}

/**
 * Collects rows and writes them in batches: when `maxRows` are waiting, `maxWaitMs` after the first one
 * arrived, or on `flush()`. `add` resolves once the rows are durable, so a consumer can commit its offsets
 * (or checkpoint) only after its effects are stored. Batches are written one at a time, in order. A failed
 * batch is retried with the same de-duplication token; after the last attempt it is split and its good rows
 * written, a row that cannot be stored going to the dead-letter store (`deadLetter`); when nothing can be
 * written its callers' promises reject and the rows are dropped from the buffer: the caller's source (a
 * broker, the log) delivers them again.
 */
export class InsertBatcher<Row> {
  private buffer: Row[] = [];
  private waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private closed = false;
  private flushedRows = 0;
  private flushedBatches = 0;
  private failedBatches = 0;
  private deadLetters = 0;
  private lastError: string | null = null;
  private readonly maxRows: number;
  private readonly maxBatchRows: number;
  private readonly maxWaitMs: number;

  constructor(private readonly options: InsertBatcherOptions<Row>) {
    this.maxRows = options.maxRows ?? 10_000;
    this.maxBatchRows = Math.max(this.maxRows, options.maxBatchRows ?? 50_000);
    this.maxWaitMs = options.maxWaitMs ?? 1_000;
  }

  /** Buffers rows; resolves when every one of them is stored. */
  add(rows: readonly Row[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error(`Batcher for ${this.options.table} is closed`));
    if (rows.length === 0) return Promise.resolve();
    const durable = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    for (const row of rows) this.buffer.push(row);
    if (this.buffer.length >= this.maxRows) this.startFlush();
    else this.timer ??= setTimeout(() => this.startFlush(), this.maxWaitMs);
    return durable;
  }

  /** Writes everything buffered now; resolves when it (and any batch before it) is stored. */
  async flush(): Promise<void> {
    while (this.buffer.length > 0 || this.flushing) {
      this.startFlush();
      await this.flushing?.catch(() => undefined);
    }
  }

  /** Flushes and refuses further rows (shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  stats(): BatcherStats {
    return {
      table: this.options.table,
      buffered: this.buffer.length,
      flushedRows: this.flushedRows,
      flushedBatches: this.flushedBatches,
      failedBatches: this.failedBatches,
      deadLetters: this.deadLetters,
      lastError: this.lastError,
    };
  }

  private startFlush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.flushing || this.buffer.length === 0) return;
    const rows = this.buffer;
    const waiters = this.waiters;
    this.buffer = [];
    this.waiters = [];
    this.flushing = this.writeAll(rows)
      .then(
        () => waiters.forEach((waiter) => waiter.resolve()),
        (error: Error) => waiters.forEach((waiter) => waiter.reject(error)),
      )
      .finally(() => {
        this.flushing = null;
        if (this.buffer.length >= this.maxRows) this.startFlush();
        else if (this.buffer.length > 0) this.timer ??= setTimeout(() => this.startFlush(), this.maxWaitMs);
      });
  }

  private async writeAll(rows: readonly Row[]): Promise<void> {
    for (let start = 0; start < rows.length; start += this.maxBatchRows) {
      await this.writeOrSplit(rows.slice(start, start + this.maxBatchRows), this.options.attempts ?? 5);
    }
  }

  /**
   * Writes `rows` with `attempts`; if that fails and a dead-letter store is configured, writes each half on its
   * own (one attempt each, so an outage gives up after about log2(n) inserts), and sets aside a single row
   * that still fails after two attempts. A dead letter that cannot be stored fails the batch.
   */
  private async writeOrSplit(rows: readonly Row[], attempts: number): Promise<void> {
    const { deadLetter, table, idOf, logger } = this.options;
    try {
      await this.writeBatch(rows, deadLetter && rows.length === 1 ? Math.max(attempts, 2) : attempts);
      return;
    } catch (error) {
      if (!deadLetter) throw error;
      if (rows.length === 1) {
        await deadLetter(rows[0]!, error as Error);
        this.deadLetters += 1;
        logger?.error({ err: error, table, rowId: idOf(rows[0]!) }, 'analytics row cannot be stored; dead-lettered');
        return;
      }
    }
    const middle = Math.ceil(rows.length / 2);
    await this.writeOrSplit(rows.slice(0, middle), 1);
    await this.writeOrSplit(rows.slice(middle), 1);
  }

  private async writeBatch(rows: readonly Row[], attempts: number): Promise<void> {
    const { table, idOf, logger } = this.options;
    const token = batchToken(table, idOf(rows[0]!), idOf(rows.at(-1)!), rows.length);
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.options.insert(rows, token);
        this.flushedRows += rows.length;
        this.flushedBatches += 1;
        this.lastError = null;
        return;
      } catch (error) {
        this.lastError = (error as Error).message;
        if (attempt >= attempts) {
          this.failedBatches += 1;
          logger?.error({ err: error, table, rows: rows.length, attempt }, 'analytics batch failed; giving up');
          throw error;
        }
        const delay = (this.options.retryBaseDelayMs ?? 200) * 2 ** (attempt - 1);
        logger?.warn(
          { err: error, table, rows: rows.length, attempt, retryInMs: delay },
          'analytics batch failed; retrying',
        );
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}
