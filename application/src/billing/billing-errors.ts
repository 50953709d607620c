/**
 * Billing's own failures, by code. The application knows nothing of HTTP: the API's error handler maps
 * each code to a status (api/src/http/error-handler.ts).
 */
export type BillingErrorCode =
  /** The payment provider could not be reached or answered with an error Stride cannot act on. */
  | 'payment_provider_error'
  /** The Stripe account has no customer portal configuration yet. */
  | 'billing_portal_not_configured'
  /** A webhook delivery's signature does not match its body (or is missing or stale): nothing changes. */
  | 'invalid_signature';

export class BillingError extends Error {
  override readonly name = 'BillingError';
  constructor(
    readonly code: BillingErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    options: { cause?: unknown } = {},
  ) {
    super(message);
    if (options.cause !== undefined) this.cause = options.cause;
  }
}

/** A provider failure, with the provider's own error kept as the cause for the log only. */
export class PaymentProviderError extends BillingError {
  constructor(
    readonly operation: string,
    options: { cause?: unknown } = {},
  ) {
    super(
      'payment_provider_error',
      `The payment provider could not complete ${operation}; please try again`,
      {},
      options,
    );
  }
}

export class WebhookSignatureError extends BillingError {
  constructor(options: { cause?: unknown } = {}) {
    super('invalid_signature', 'Invalid Stripe signature', { header: 'stripe-signature' }, options);
  }
}

/** The Stripe account has no customer portal configuration yet (create-billing-portal-session / -simple). */
export const portalNotConfigured = (message: string, instruction: string): BillingError =>
  new BillingError('billing_portal_not_configured', message, { requiresManualConfig: true, instruction });
