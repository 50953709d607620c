import type { Logger } from '@stride/platform/logger';
import type { PostgresEventStore } from '@stride/platform/event-store/event-store';
import { compareCheckpoints } from '@stride/platform/event-store/event-store';
import { LogSubscription } from '@stride/platform/event-store/log-subscription';
import type { LogCheckpoint } from '@stride/platform/event-store/types';
import type { Pool } from '@stride/platform/postgres/pool';
import { applyBatch } from './core/apply-batch';
import { notifyReadModelChange } from './core/change-notifications';
import type { Projection } from './core/projection';

export interface ProjectionRunnerOptions {
  readonly pool: Pool;
  readonly eventStore: PostgresEventStore;
  readonly projections: readonly Projection[];
  readonly logger?: Logger;
  /** Idle poll interval of each subscription; appends through this process wake them at once. */
  readonly pollIntervalMs?: number;
  readonly batchSize?: number;
}

export interface ProjectionStatus {
  readonly name: string;
  readonly subscriptionId: string;
  readonly position: number;
}

export class ProjectionTimeoutError extends Error {
  override readonly name = 'ProjectionTimeoutError';
  constructor(
    readonly position: number,
    readonly lagging: readonly string[],
    readonly timeoutMs: number,
  ) {
    super(`Projections ${lagging.join(', ')} did not reach position ${position} within ${timeoutMs} ms`);
  }
}

/**
 * Runs every read-model projection as its own checkpointed LogSubscription (id `projection:<name>`): each
 * batch's row changes and the checkpoint commit in one transaction, so a crash neither loses nor repeats
 * an event. `waitFor` gives read-your-writes: a read waits until the projections it reads have passed a
 * command's position.
 */
export class ProjectionRunner {
  readonly projections: readonly Projection[];
  private readonly subscriptions: ReadonlyMap<string, LogSubscription>;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.projections = options.projections;
    const names = new Set<string>();
    for (const projection of options.projections) {
      if (names.has(projection.name)) throw new Error(`Projection '${projection.name}' is registered twice`);
      names.add(projection.name);
    }
    this.subscriptions = new Map(
      options.projections.map((projection) => [
        projection.name,
        new LogSubscription(options.pool, options.eventStore, {
          id: projection.subscriptionId,
          handle: async (events, client) => {
            if (!events.some((event) => projection.handles(event.type))) return;
            // Rows and checkpoint commit together; losing this commit in a crash only means the batch is
            // applied again from the old checkpoint. So the commit need not wait for the WAL flush.
            await client.query('SET LOCAL synchronous_commit = off');
            const { users } = await applyBatch(client, projection, events);
            await notifyReadModelChange(client, { projection: projection.name, users: [...users] });
          },
          batchSize: options.batchSize ?? 500,
          pollIntervalMs: options.pollIntervalMs ?? 100,
          logger: options.logger?.child({ projection: projection.name }),
        }),
      ]),
    );
  }

  get names(): readonly string[] {
    return [...this.subscriptions.keys()];
  }

  async start(): Promise<void> {
    for (const subscription of this.subscriptions.values()) await subscription.start();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.subscriptions.values()].map((subscription) => subscription.stop()));
  }

  /** Brings every projection up to the end of the log (what is readable now). Returns events handled. */
  async catchUp(): Promise<number> {
    const counts = await Promise.all([...this.subscriptions.values()].map((subscription) => subscription.catchUp()));
    return counts.reduce((sum, count) => sum + count, 0);
  }

  /**
   * Resolves once the named projections (all by default) have handled the event at `position`; rejects
   * with ProjectionTimeoutError after `timeoutMs`. Already caught up = one primary-key lookup. Resolves
   * with the log checkpoint of that event (null when there is no event at that position).
   */
  async waitFor(
    position: number,
    timeoutMs = 5_000,
    names: readonly string[] = this.names,
  ): Promise<LogCheckpoint | null> {
    const target = await this.options.eventStore.checkpointAt(position);
    if (!target) return null;
    const lagging = names
      .map((name) => this.subscription(name))
      .filter((subscription) => compareCheckpoints(subscription.position, target) < 0);
    if (lagging.length === 0) return target;
    const results = await Promise.allSettled(lagging.map((subscription) => subscription.waitFor(position, timeoutMs)));
    const failed = lagging.filter((_, index) => results[index]?.status === 'rejected');
    if (failed.length > 0) {
      throw new ProjectionTimeoutError(
        position,
        failed.map((subscription) => subscription.id),
        timeoutMs,
      );
    }
    return target;
  }

  /**
   * The log point every named projection has reached, as this process last saw it (it may lag the
   * database by a poll, never lead it): rows read now include at least every event up to it.
   */
  reached(names: readonly string[] = this.names): LogCheckpoint {
    return names
      .map((name) => this.subscription(name).position)
      .reduce((lowest, checkpoint) => (compareCheckpoints(checkpoint, lowest) < 0 ? checkpoint : lowest));
  }

  /** Each projection's checkpoint as this process last saw it. */
  status(): ProjectionStatus[] {
    return this.projections.map((projection) => ({
      name: projection.name,
      subscriptionId: projection.subscriptionId,
      position: this.subscription(projection.name).position.position,
    }));
  }

  private subscription(name: string): LogSubscription {
    const subscription = this.subscriptions.get(name);
    if (!subscription) throw new Error(`Unknown projection '${name}'`);
    return subscription;
  }
}
