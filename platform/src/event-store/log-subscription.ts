import { EventEmitter } from 'node:events';
import type { Logger } from '../logger';
import type { Pool, PoolClient } from '../postgres/pool';
import { withTransaction } from '../postgres/pool';
import { checkpointOf, compareCheckpoints, type PostgresEventStore } from './event-store';
import type { LogCheckpoint, StoredEvent } from './types';
import { PollWaker } from './poll-waker';
import { LOG_START } from './types';

export interface LogSubscriptionOptions {
  /** Stable id: the checkpoint is stored under it. */
  readonly id: string;
  /**
   * Handles one batch inside the transaction that advances the checkpoint. Effects written through
   * `client` commit atomically with the checkpoint (exactly once); effects elsewhere are at-least-once and
   * must be idempotent by event id.
   */
  readonly handle: (events: readonly StoredEvent[], client: PoolClient) => Promise<void>;
  readonly batchSize?: number;
  readonly pollIntervalMs?: number;
  readonly logger?: Logger;
}

/**
 * A catch-up subscription to the global log that resumes from its checkpoint in PostgreSQL. Each batch holds
 * the subscription's advisory lock, so two processes running the same subscription never apply a batch twice.
 */
export class LogSubscription {
  private checkpoint: LogCheckpoint = LOG_START;
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly waker = new PollWaker();
  private readonly progress = new EventEmitter<{ advanced: [LogCheckpoint]; failed: [Error] }>();
  private readonly onAppended = () => this.poke();
  private consecutiveFailures = 0;

  constructor(
    private readonly pool: Pool,
    private readonly store: PostgresEventStore,
    private readonly options: LogSubscriptionOptions,
  ) {
    this.progress.setMaxListeners(1000);
  }

  get id(): string {
    return this.options.id;
  }

  get position(): LogCheckpoint {
    return this.checkpoint;
  }

  /** Starts following the log; returns once the subscription is registered (not caught up). */
  async start(): Promise<void> {
    if (this.running) return;
    await this.ensureCheckpointRow();
    this.running = true;
    this.store.appended.on('appended', this.onAppended);
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.store.appended.off('appended', this.onAppended);
    this.poke();
    await this.loop;
    this.loop = null;
  }

  /** Processes batches until nothing is left to read. Returns how many events were handled. */
  async catchUp(): Promise<number> {
    await this.ensureCheckpointRow();
    let total = 0;
    for (;;) {
      const handled = await this.processBatch();
      total += handled;
      if (handled === 0) return total;
    }
  }

  /** Resolves once the event at `position` has been handled (or rejects after `timeoutMs`). */
  async waitFor(position: number, timeoutMs = 5_000): Promise<void> {
    const target = await this.store.checkpointAt(position);
    if (!target || compareCheckpoints(this.checkpoint, target) >= 0) return;
    this.poke();
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.progress.off('advanced', onAdvanced);
        reject(new Error(`Subscription '${this.id}' did not reach position ${position} within ${timeoutMs} ms`));
      }, timeoutMs);
      const onAdvanced = (checkpoint: LogCheckpoint) => {
        if (compareCheckpoints(checkpoint, target) < 0) return;
        clearTimeout(timer);
        this.progress.off('advanced', onAdvanced);
        resolve();
      };
      this.progress.on('advanced', onAdvanced);
    });
  }

  private poke(): void {
    this.waker.poke();
  }

  private async ensureCheckpointRow(): Promise<void> {
    await this.pool.query(
      `INSERT INTO subscription_checkpoints (subscription_id, transaction_id, global_position)
       VALUES ($1, '0', 0) ON CONFLICT (subscription_id) DO NOTHING`,
      [this.id],
    );
  }

  private async processBatch(): Promise<number> {
    const handled = await withTransaction(this.pool, async (client) => {
      // One processor per subscription across processes. An advisory lock, not SELECT ... FOR UPDATE: a row
      // lock would give this transaction an id from its start, holding back every gap-safe reader of the
      // log while the batch runs. This way it gets one only when the handler first writes.
      await client.query("SELECT pg_advisory_xact_lock(hashtextextended('subscription:' || $1, 0))", [this.id]);
      const { rows } = await client.query<{ transaction_id: string; global_position: number }>(
        `SELECT transaction_id::text AS transaction_id, global_position FROM subscription_checkpoints
          WHERE subscription_id = $1`,
        [this.id],
      );
      const current: LogCheckpoint = rows[0]
        ? { transactionId: rows[0].transaction_id, position: rows[0].global_position }
        : LOG_START;
      const events = await this.store.readAll({ after: current, limit: this.options.batchSize ?? 500 }, client);
      if (events.length === 0) return { count: 0, checkpoint: current };
      await this.options.handle(events, client);
      const next = checkpointOf(events.at(-1)!);
      await client.query(
        `UPDATE subscription_checkpoints SET transaction_id = $2::xid8, global_position = $3, updated_at = now()
          WHERE subscription_id = $1`,
        [this.id, next.transactionId, next.position],
      );
      return { count: events.length, checkpoint: next };
    });
    if (compareCheckpoints(handled.checkpoint, this.checkpoint) !== 0) {
      this.checkpoint = handled.checkpoint;
      this.progress.emit('advanced', handled.checkpoint);
    }
    return handled.count;
  }

  private async run(): Promise<void> {
    const pollIntervalMs = this.options.pollIntervalMs ?? 250;
    while (this.running) {
      this.waker.clearPoke();
      let handled: number;
      try {
        handled = await this.processBatch();
        this.consecutiveFailures = 0;
      } catch (error) {
        this.consecutiveFailures += 1;
        this.options.logger?.error({ err: error, subscription: this.id }, 'subscription batch failed; will retry');
        this.progress.emit('failed', error as Error);
        await this.waker.sleep(Math.min(30_000, 200 * 2 ** this.consecutiveFailures));
        continue;
      }
      if (handled > 0 || this.waker.hasPoke) continue;
      await this.waker.sleep(pollIntervalMs);
    }
  }
}
