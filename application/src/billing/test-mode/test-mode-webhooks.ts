import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/** How a signed delivery reaches the webhook route (the routes plugin attaches `app.inject`). */
export type WebhookDelivery = (
  payload: string,
  headers: { 'content-type': 'application/json'; 'stripe-signature': string },
) => Promise<{ statusCode: number; body: string }>;

export class TestModeDeliveryError extends Error {
  override readonly name = 'TestModeDeliveryError';
  constructor(
    readonly eventType: string,
    readonly statusCode: number,
    readonly responseBody: string,
  ) {
    super(`The test-mode webhook ${eventType} was answered ${statusCode}: ${responseBody}`);
  }
}

export const generateTestWebhookSecret = (): string => `whsec_test_${randomBytes(24).toString('base64url')}`;

/**
 * Sends Stripe-shaped events to this server's own webhook route, signed with the locally generated
 * endpoint secret exactly as Stripe signs them, so test-mode upgrades take the same verified path.
 */
export class TestModeWebhookSender {
  private delivery: WebhookDelivery | null = null;

  constructor(readonly secret: string) {}

  attach(delivery: WebhookDelivery): void {
    this.delivery = delivery;
  }

  async send(events: readonly Record<string, unknown>[]): Promise<string[]> {
    if (this.delivery === null) throw new Error('Test-mode webhook delivery is not attached yet');
    const sent: string[] = [];
    for (const event of events) {
      const payload = JSON.stringify(event);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.secret });
      const response = await this.delivery(payload, {
        'content-type': 'application/json',
        'stripe-signature': signature,
      });
      const type = String(event.type);
      if (response.statusCode !== 200) throw new TestModeDeliveryError(type, response.statusCode, response.body);
      sent.push(type);
    }
    return sent;
  }
}
