import { billingDecider, decideAll, type BillingCommand } from '@stride/domain/billing/billing-decider';
import type { BillingEvent, BillingState } from '@stride/domain/billing/billing-events';
import { nextDowngrade } from '@stride/domain/billing/billing-rules';
import type { EventRegistry } from '@stride/domain/shared/event-registry';
import { parseStreamId, streamIds } from '@stride/domain/stream-ids';
import { ExpectedVersionConflictError } from '@stride/platform/event-store/errors';
import { deterministicEventId } from '@stride/platform/event-store/event-ids';
import type { PostgresEventStore } from '@stride/platform/event-store/event-store';
import type { Logger } from '@stride/platform/logger';
import type { Pool, PoolClient, Queryable } from '@stride/platform/postgres/pool';
import { withTransaction } from '@stride/platform/postgres/pool';

/** A billing command before the store adds who and when. */
export type BillingIntent = BillingCommand extends infer Command
  ? Command extends BillingCommand
    ? Omit<Command, 'metadata'>
    : never
  : never;

/** A Stripe webhook event being applied: its id is the dedupe key, stored with the effects. */
export interface StripeEventReceipt {
  readonly eventId: string;
  readonly type: string;
  readonly createdAt: string;
}

export type ReceiptOutcome = 'applied' | 'ignored' | 'unmatched';

export interface BillingApplyResult {
  readonly duplicate: boolean;
  readonly events: readonly BillingEvent[];
  readonly state: BillingState;
  /** Log position of the last event appended, else of the stream's newest event (null if none). */
  readonly position: number | null;
}

export interface BillingStoreOptions {
  readonly pool: Pool;
  readonly eventStore: PostgresEventStore;
  readonly registry: EventRegistry;
  readonly logger: Logger;
  readonly gracePeriodDays: number;
}

/** Why a billing change is made: recorded in the events' metadata (`actor`) beside the user. */
export type BillingActor = 'stripe-webhook' | 'billing-job' | 'user';

export interface BillingApplyContext {
  /** The decision time (the billing clock); events are recorded at the wall-clock time of the append. */
  readonly now: Date;
  readonly actor: BillingActor;
  readonly receipt?: StripeEventReceipt;
  readonly correlationId?: string;
  readonly causationId?: string | null;
}

const MAX_ATTEMPTS = 4;

/** Thrown inside the transaction when the Stripe event turns out to be applied already: rolls it back. */
class DuplicateDelivery extends Error {}

/**
 * Reads and writes billing streams. `apply` runs read → decide → append in one transaction together with
 * the Stripe event's dedupe row and the user's downgrade deadline, so a webhook's effects, its "seen" mark
 * and the job's schedule commit together or not at all. Concurrent writers of one stream are retried.
 */
export class BillingStore {
  constructor(private readonly options: BillingStoreOptions) {}

  async load(
    userId: string,
    db: Queryable = this.options.pool,
  ): Promise<{ state: BillingState; version: number; position: number | null }> {
    const { events, version } = await this.options.eventStore.readStream(streamIds.billing(userId), {}, db);
    const state = events
      .map((stored) => this.options.registry.upcast(stored) as BillingEvent)
      .reduce(billingDecider.evolve, billingDecider.initialState());
    return { state, version, position: events.at(-1)?.globalPosition ?? null };
  }

  async apply(
    userId: string,
    intents: readonly BillingIntent[],
    context: BillingApplyContext,
  ): Promise<BillingApplyResult> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.attempt(userId, intents, context);
      } catch (error) {
        if (!(error instanceof ExpectedVersionConflictError) || attempt >= MAX_ATTEMPTS) throw error;
        this.options.logger.debug({ userId, attempt }, 'billing stream changed concurrently; retrying');
      }
    }
  }

  /** Marks a webhook event that changes nothing (unknown user, irrelevant type); false if seen before. */
  async recordReceipt(receipt: StripeEventReceipt, outcome: ReceiptOutcome, userId: string | null): Promise<boolean> {
    return withTransaction(this.options.pool, (client) => this.insertReceipt(client, receipt, outcome, userId));
  }

  async hasReceipt(eventId: string): Promise<boolean> {
    const { rowCount } = await this.options.pool.query('SELECT 1 FROM stripe_events WHERE event_id = $1', [eventId]);
    return (rowCount ?? 0) > 0;
  }

  /** The user a Stripe customer was linked to, straight from the log (newest link wins). */
  async userIdForCustomer(customerId: string): Promise<string | null> {
    const { rows } = await this.options.pool.query<{ stream_id: string }>(
      `SELECT stream_id FROM events
        WHERE event_type = 'StripeCustomerLinked' AND data ->> 'customerId' = $1
        ORDER BY global_position DESC LIMIT 1`,
      [customerId],
    );
    const streamId = rows[0]?.stream_id;
    return streamId === undefined ? null : parseStreamId(streamId).id;
  }

  /** Users whose downgrade deadline has passed, earliest first. */
  async dueUserIds(now: Date, limit: number): Promise<string[]> {
    const { rows } = await this.options.pool.query<{ user_id: string }>(
      'SELECT user_id FROM billing_deadlines WHERE due_at <= $1 ORDER BY due_at, user_id LIMIT $2',
      [now, limit],
    );
    return rows.map((row) => row.user_id);
  }

  private async attempt(
    userId: string,
    intents: readonly BillingIntent[],
    context: BillingApplyContext,
  ): Promise<BillingApplyResult> {
    const { eventStore, pool } = this.options;
    let loaded: Awaited<ReturnType<BillingStore['load']>> | null = null;
    try {
      const committed = await withTransaction(pool, async (client) => {
        const current = await this.load(userId, client);
        loaded = current;
        const commands = intents.map(
          (intent) => ({ ...intent, metadata: { now: context.now, userId } }) as BillingCommand,
        );
        const { events, state } = decideAll(commands, current.state);
        // The event store's append must be the transaction's first write; the receipt and deadline follow.
        const results = events.length === 0 ? [] : await this.append(client, userId, current.version, events, context);
        if (results.some((result) => !result.appended)) throw new DuplicateDelivery();
        const { receipt } = context;
        if (
          receipt &&
          !(await this.insertReceipt(client, receipt, events.length > 0 ? 'applied' : 'ignored', userId))
        ) {
          throw new DuplicateDelivery();
        }
        await this.saveDeadline(client, userId, state);
        return { events, state, position: results.at(-1)?.lastPosition ?? current.position, results };
      });
      eventStore.announce(committed.results);
      return { duplicate: false, events: committed.events, state: committed.state, position: committed.position };
    } catch (error) {
      if (!(error instanceof DuplicateDelivery) || loaded === null) throw error;
      const { state, position } = loaded;
      return { duplicate: true, events: [], state, position };
    }
  }

  private append(
    client: PoolClient,
    userId: string,
    version: number,
    events: readonly BillingEvent[],
    context: BillingApplyContext,
  ) {
    const { registry } = this.options;
    const { receipt } = context;
    return this.options.eventStore.appendInTransaction(
      client,
      [
        {
          streamId: streamIds.billing(userId),
          expectedVersion: version === 0 ? 'no_stream' : version,
          events: events.map((event, index) => ({
            type: event.type,
            data: registry.validateForAppend(event).data,
            schemaVersion: registry.schemaVersionOf(event.type),
            // A redelivered Stripe event maps to the same event ids: the store refuses to store them twice.
            ...(receipt && { eventId: deterministicEventId(`stripe:${receipt.eventId}:${index}`) }),
          })),
        },
      ],
      {
        metadata: {
          userId,
          actor: context.actor,
          ...(context.correlationId && { correlationId: context.correlationId }),
          causationId: context.causationId ?? receipt?.eventId ?? null,
          ...(receipt && { stripeEventId: receipt.eventId, stripeEventType: receipt.type }),
        },
      },
    );
  }

  /** Inserts the dedupe row; false when the event was applied before (or concurrently, once that commits). */
  private async insertReceipt(
    client: PoolClient,
    receipt: StripeEventReceipt,
    outcome: ReceiptOutcome,
    userId: string | null,
  ) {
    const { rowCount } = await client.query(
      `INSERT INTO stripe_events (event_id, event_type, stripe_created_at, user_id, outcome)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (event_id) DO NOTHING`,
      [receipt.eventId, receipt.type, receipt.createdAt, userId, outcome],
    );
    return (rowCount ?? 0) > 0;
  }

  private async saveDeadline(client: PoolClient, userId: string, state: BillingState): Promise<void> {
    const due = nextDowngrade(state, this.options.gracePeriodDays);
    if (due === null) {
      await client.query('DELETE FROM billing_deadlines WHERE user_id = $1', [userId]);
      return;
    }
    await client.query(
      `INSERT INTO billing_deadlines (user_id, due_at, reason) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET due_at = excluded.due_at, reason = excluded.reason, updated_at = now()`,
      [userId, due.dueAt, due.reason],
    );
  }
}
