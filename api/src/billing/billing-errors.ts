import { HttpError } from '../http/http-errors';

/**
 * The payment provider could not be reached or answered with an error Stride cannot act on: 502, with the
 * provider's own error kept as the cause for the log only.
 */
export class PaymentProviderError extends HttpError {
  constructor(
    readonly operation: string,
    options: { cause?: unknown } = {},
  ) {
    super(502, 'payment_provider_error', `The payment provider could not complete ${operation}; please try again`);
    if (options.cause !== undefined) this.cause = options.cause;
  }
}

/** The Stripe account has no customer portal configuration yet (create-billing-portal-session / -simple). */
export const portalNotConfigured = (message: string, instruction: string): HttpError =>
  new HttpError(503, 'billing_portal_not_configured', message, { requiresManualConfig: true, instruction });
