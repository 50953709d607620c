import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Logger } from '../logger';
import type { Pool } from '../postgres/pool';
import { checkpointOf, compareCheckpoints, type PostgresEventStore } from '../event-store/event-store';
import { PollWaker } from './poll-waker';
import { LOG_START, type LogCheckpoint, type StoredEvent } from '../event-store/types';
import type { BatchContext } from './event-bus';

export interface LogConsumerOptions {
  /** Stable id: the checkpoint and lease are stored under it (bus_consumer_checkpoints). */
  readonly id: string;
  /** Handles one batch, outside any transaction; the checkpoint advances only after it resolves. */
  readonly handle: (events: readonly StoredEvent[], context: BatchContext) => Promise<void>;
  readonly batchSize?: number;
  readonly pollIntervalMs?: number;
  /**
   * How long after an append in this process the consumer reads (default 50 ms): the appends of that time
   * are read, handled and checkpointed as one batch instead of one each.
   */
  readonly gatherMs?: number;
  /** How long a process owns the consumer without renewing (default 15 s). */
  readonly leaseMs?: number;
  readonly maxBackoffMs?: number;
  readonly logger?: Logger;
}

export class LostLeaseError extends Error {
  override readonly name = 'LostLeaseError';
}

export interface LogConsumerStatus {
  readonly id: string;
  readonly owner: string;
  readonly leader: boolean;
  /** Started and not stopped: its loop is reading (or retrying) the log. */
  readonly running: boolean;
  readonly position: number;
  readonly consecutiveFailures: number;
  readonly lastError: string | null;
}

/**
 * An at-least-once reader of the global log for consumers whose effects live outside PostgreSQL (the Kafka
 * relay, the analytics consumers). It reads gap-safe batches, hands each to `handle` with no transaction
 * open, and then advances its checkpoint. A lease makes one process at a time the reader; every checkpoint
 * write is fenced on the lease, so a process that stalled past its lease cannot move the checkpoint of the
 * process that took over. A batch whose checkpoint write is lost (crash, lost lease) is handled again.
 */
export class LogConsumer {
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private checkpoint: LogCheckpoint = LOG_START;
  private leader = false;
  private leaseRenewedAt = 0;
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly waker = new PollWaker();
  private consecutiveFailures = 0;
  private pendingRewind: LogCheckpoint | null = null;
  private lastError: string | null = null;
  private readonly progress = new EventEmitter<{ advanced: [LogCheckpoint] }>();
  private readonly onAppended = () => this.waker.pokeSoon(this.options.gatherMs ?? 50);

  constructor(
    private readonly pool: Pool,
    private readonly store: PostgresEventStore,
    private readonly options: LogConsumerOptions,
  ) {
    this.progress.setMaxListeners(1000);
  }

  get id(): string {
    return this.options.id;
  }

  async start(): Promise<void> {
    if (this.running) return;
    await this.pool.query(
      `INSERT INTO bus_consumer_checkpoints (consumer_id) VALUES ($1) ON CONFLICT (consumer_id) DO NOTHING`,
      [this.id],
    );
    this.running = true;
    this.store.appended.on('appended', this.onAppended);
    this.loop = this.run();
  }

  /** Stops after the batch in hand and gives the lease up, so another process can take over at once. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.store.appended.off('appended', this.onAppended);
    this.poke();
    await this.loop;
    this.loop = null;
    if (this.leader) {
      this.leader = false;
      await this.pool
        .query(
          `UPDATE bus_consumer_checkpoints SET owner = NULL, lease_expires_at = NULL
            WHERE consumer_id = $1 AND owner = $2`,
          [this.id, this.owner],
        )
        .catch((error: unknown) =>
          this.options.logger?.warn({ err: error, consumer: this.id }, 'lease release failed'),
        );
    }
  }

  status(): LogConsumerStatus {
    return {
      id: this.id,
      owner: this.owner,
      leader: this.leader,
      running: this.running,
      position: this.checkpoint.position,
      consecutiveFailures: this.consecutiveFailures,
      lastError: this.lastError,
    };
  }

  /** Resolves once the event at `position` has been handled and checkpointed (rejects after `timeoutMs`). */
  async waitFor(position: number, timeoutMs = 10_000): Promise<void> {
    const target = await this.store.checkpointAt(position);
    if (!target || compareCheckpoints(this.checkpoint, target) >= 0) return;
    this.poke();
    await new Promise<void>((resolve, reject) => {
      const onAdvanced = (checkpoint: LogCheckpoint) => {
        if (compareCheckpoints(checkpoint, target) < 0) return;
        clearTimeout(timer);
        this.progress.off('advanced', onAdvanced);
        resolve();
      };
      const timer = setTimeout(() => {
        this.progress.off('advanced', onAdvanced);
        reject(new Error(`Log consumer '${this.id}' did not reach position ${position} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.progress.on('advanced', onAdvanced);
    });
  }

  private get batchSize(): number {
    return this.options.batchSize ?? 1_000;
  }

  private get leaseMs(): number {
    return this.options.leaseMs ?? 15_000;
  }

  private poke(): void {
    this.waker.poke();
  }

  /** Takes or renews the lease when a third of it has passed; false while another process holds it. */
  private async holdLease(): Promise<boolean> {
    if (this.leader && Date.now() - this.leaseRenewedAt < this.leaseMs / 3) return true;
    const { rows } = await this.pool.query<{ transaction_id: string; global_position: number }>(
      `UPDATE bus_consumer_checkpoints
          SET owner = $2, lease_expires_at = now() + $3 * interval '1 millisecond'
        WHERE consumer_id = $1 AND (owner IS NULL OR owner = $2 OR lease_expires_at < now())
        RETURNING transaction_id::text AS transaction_id, global_position`,
      [this.id, this.owner, this.leaseMs],
    );
    const row = rows[0];
    if (!row) {
      if (this.leader) this.options.logger?.warn({ consumer: this.id }, 'log consumer lease lost');
      this.leader = false;
      return false;
    }
    if (!this.leader) {
      this.options.logger?.info({ consumer: this.id, position: row.global_position }, 'log consumer lease taken');
    }
    this.leader = true;
    this.leaseRenewedAt = Date.now();
    this.checkpoint = { transactionId: row.transaction_id, position: row.global_position };
    return true;
  }

  private async commit(next: LogCheckpoint): Promise<void> {
    const { rowCount } = await this.pool.query(
      `UPDATE bus_consumer_checkpoints
          SET transaction_id = $3::xid8, global_position = $4, updated_at = now(),
              lease_expires_at = now() + $5 * interval '1 millisecond'
        WHERE consumer_id = $1 AND owner = $2`,
      [this.id, this.owner, next.transactionId, next.position, this.leaseMs],
    );
    if (rowCount === 0) {
      this.leader = false;
      throw new LostLeaseError(`Log consumer '${this.id}' lost its lease before checkpointing`);
    }
    this.leaseRenewedAt = Date.now();
    this.checkpoint = next;
    this.progress.emit('advanced', next);
  }

  /**
   * Moves the checkpoint back to `to` before the next batch (the Kafka relay asks for this when the broker lost
   * what it held, to publish it again). Applied between batches by the lease holder, so it never races a
   * batch's own checkpoint.
   */
  requestRewind(to: LogCheckpoint): void {
    this.pendingRewind = to;
    this.poke();
  }

  /** One step: returns how many events were handled (0 when idle or not the leader). */
  private async step(): Promise<number> {
    if (!(await this.holdLease())) return -1;
    const rewind = this.pendingRewind;
    if (rewind) {
      await this.commit(rewind);
      this.pendingRewind = null;
      this.options.logger?.warn({ consumer: this.id, position: rewind.position }, 'log consumer rewound');
    }
    const events = await this.store.readAll({ after: this.checkpoint, limit: this.batchSize });
    if (events.length === 0) return 0;
    await this.options.handle(events, { caughtUp: events.length < this.batchSize });
    await this.commit(checkpointOf(events.at(-1)!));
    return events.length;
  }

  private async run(): Promise<void> {
    const pollIntervalMs = this.options.pollIntervalMs ?? 250;
    while (this.running) {
      this.waker.clearPoke();
      let handled: number;
      try {
        handled = await this.step();
        this.consecutiveFailures = 0;
        this.lastError = null;
      } catch (error) {
        this.consecutiveFailures += 1;
        this.lastError = (error as Error).message;
        this.options.logger?.error(
          { err: error, consumer: this.id, failures: this.consecutiveFailures },
          'log consumer batch failed; will retry',
        );
        // Exponential backoff with jitter, so processes that failed together do not retry in step.
        const backoff = Math.min(this.options.maxBackoffMs ?? 10_000, 100 * 2 ** this.consecutiveFailures);
        await this.sleep(backoff * (0.5 + Math.random() / 2));
        continue;
      }
      // Round again at once only for a full batch (more may be waiting) or a poke during this one; a batch
      // that caught up needs no second read to learn that nothing followed it.
      if (handled >= this.batchSize || (handled >= 0 && this.waker.hasPoke)) continue;
      await this.sleep(handled < 0 ? this.leaseMs / 3 : pollIntervalMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return this.running ? this.waker.sleep(ms) : Promise.resolve();
  }
}
