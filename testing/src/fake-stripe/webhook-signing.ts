import Stripe from 'stripe';
import type { FakeStripeEvent } from './fake-stripe-state';

/** A webhook delivery as Stripe makes it: the exact JSON body and its `Stripe-Signature` header. */
export interface SignedWebhook {
  readonly payload: string;
  readonly headers: { 'content-type': 'application/json'; 'stripe-signature': string };
}

/**
 * Serialises an event and signs it with the endpoint secret, using the SDK's own test helper
 * (`stripe.webhooks.generateTestHeaderString`). `timestamp` (seconds) defaults to now.
 */
export function signWebhook(
  event: FakeStripeEvent | object,
  secret: string,
  options: { timestamp?: number } = {},
): SignedWebhook {
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
  });
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}
