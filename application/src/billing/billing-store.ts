import { billingDecider, type BillingCommand } from '@stride/domain/billing/billing-decider';
import type { BillingEvent, BillingState } from '@stride/domain/billing/billing-events';
import { nextDowngrade } from '@stride/domain/billing/billing-rules';
import { decideInTurn } from '@stride/domain/shared/decide-in-turn';
import { parseStreamId, streamIds } from '@stride/domain/stream-ids';
import { deterministicEventId } from '@stride/platform/event-store/event-ids';
import type { Pool, PoolClient, Queryable } from '@stride/platform/postgres/pool';
import type { CommandHandler } from '../commands/command-handler';
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
  readonly commands: CommandHandler;
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

/** Thrown inside the transaction when the Stripe event turns out to be applied already: rolls it back. */
class DuplicateDelivery extends Error {}

/**
 * Reads and writes billing streams through the one command handler. `apply` decides on the billing
 * stream and commits, in the same transaction, the Stripe event's dedupe row and the user's downgrade
 * deadline, so a webhook's effects, its "seen" mark and the job's schedule commit together or not at all.
 */
export class BillingStore {
  constructor(private readonly options: BillingStoreOptions) {}

  async load(
    userId: string,
    db: Queryable = this.options.pool,
  ): Promise<{ state: BillingState; version: number; position: number | null }> {
    return this.options.commands.load(streamIds.billing(userId), billingDecider, db);
  }

  /** The billing state at `version`, the stream's current version read elsewhere (CommandHandler.loadAtVersion). */
  async loadAtVersion(
    userId: string,
    version: number,
    db: Queryable = this.options.pool,
  ): Promise<{ state: BillingState; version: number; position: number | null }> {
    return this.options.commands.loadAtVersion(streamIds.billing(userId), billingDecider, version, db);
  }

  async apply(
    userId: string,
    intents: readonly BillingIntent[],
    context: BillingApplyContext,
  ): Promise<BillingApplyResult> {
    const { receipt } = context;
    try {
      const { result } = await this.options.commands.execute({
        streams: { billing: { streamId: streamIds.billing(userId), decider: billingDecider } },
        decide: (states, metadata) => {
          const commands = intents.map((intent) => ({ ...intent, metadata }) as BillingCommand);
          return { billing: decideInTurn(billingDecider, commands, states.billing).events };
        },
        context: {
          userId,
          correlationId: context.correlationId ?? receipt?.eventId ?? `billing:${context.actor}`,
          causationId: context.causationId ?? receipt?.eventId ?? null,
          now: context.now,
          metadata: {
            actor: context.actor,
            ...(receipt && { stripeEventId: receipt.eventId, stripeEventType: receipt.type }),
          },
        },
        // A redelivered Stripe event maps to the same event ids: the store refuses to store them twice.
        eventIdOf: receipt
          ? (_stream: string, index: number) => deterministicEventId(`stripe:${receipt.eventId}:${index}`)
          : undefined,
        alsoInTransaction: async (client, outcome) => {
          if (outcome.alreadyAppended) throw new DuplicateDelivery();
          const { events, state } = outcome.streams.billing;
          if (
            receipt &&
            !(await this.insertReceipt(client, receipt, events.length > 0 ? 'applied' : 'ignored', userId))
          ) {
            throw new DuplicateDelivery();
          }
          await this.saveDeadline(client, userId, state);
        },
        result: (outcome) => ({
          events: outcome.streams.billing.events,
          state: outcome.streams.billing.state,
          position: outcome.streams.billing.position,
        }),
      });
      return { duplicate: false, ...result };
    } catch (error) {
      if (!(error instanceof DuplicateDelivery)) throw error;
      const current = await this.load(userId);
      return { duplicate: true, events: [], state: current.state, position: current.position };
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
    const due = nextDowngrade(state);
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
