import Stripe from 'stripe';
import type { Logger } from '@stride/platform/logger';
import { WebhookSignatureError } from '../billing-errors';
import type { BillingStore } from '../billing-store';
import { stripeEventSchema, stripeTime, type StripeEventEnvelope } from './stripe-objects';
import { translateStripeEvent, type WebhookTranslationDeps } from './stripe-webhook-translation';

export type WebhookOutcome = 'applied' | 'ignored' | 'unmatched' | 'duplicate';

export interface StripeWebhookProcessorOptions {
  readonly secret: string;
  readonly store: BillingStore;
  readonly translation: WebhookTranslationDeps;
  readonly clock: () => Date;
  readonly logger: Logger;
}

/**
 * Verifies and applies Stripe webhook deliveries. Each Stripe event id is applied once: its dedupe row is
 * written in the transaction of its billing events (see BillingStore.apply); a redelivery is answered
 * as a duplicate without effect.
 */
export class StripeWebhookProcessor {
  constructor(private readonly options: StripeWebhookProcessorOptions) {}

  /** Checks the signature over the exact bytes received (never a re-serialised body). */
  verify(rawBody: Buffer, signature: string | undefined): StripeEventEnvelope {
    if (!signature) throw new WebhookSignatureError();
    let event: unknown;
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature, this.options.secret);
    } catch (error) {
      throw new WebhookSignatureError({ cause: error });
    }
    const parsed = stripeEventSchema.safeParse(event);
    if (!parsed.success) throw new WebhookSignatureError({ cause: parsed.error });
    return parsed.data;
  }

  async handle(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    return this.process(this.verify(rawBody, signature));
  }

  async process(event: StripeEventEnvelope): Promise<WebhookOutcome> {
    const { store, translation, clock, logger } = this.options;
    const log = logger.child({ stripeEventId: event.id, stripeEventType: event.type });
    // Fast path for redeliveries; the transaction below stays the guarantee under concurrency.
    if (await store.hasReceipt(event.id)) return 'duplicate';
    const receipt = { eventId: event.id, type: event.type, createdAt: stripeTime(event.created) };
    const plan = await translateStripeEvent(event, translation);
    if (plan.kind !== 'apply') {
      if (plan.kind === 'unmatched') log.warn({ reason: plan.reason }, 'Stripe event for an unknown customer');
      else log.debug({ reason: plan.reason }, 'Stripe event ignored');
      const fresh = await store.recordReceipt(receipt, plan.kind, plan.kind === 'ignored' ? plan.userId : null);
      return fresh ? plan.kind : 'duplicate';
    }
    const result = await store.apply(plan.userId, plan.intents, {
      now: clock(),
      actor: 'stripe-webhook',
      receipt,
      correlationId: event.id,
    });
    if (result.duplicate) return 'duplicate';
    log.info({ userId: plan.userId, events: result.events.map((e) => e.type) }, 'Stripe event applied');
    return result.events.length > 0 ? 'applied' : 'ignored';
  }
}
