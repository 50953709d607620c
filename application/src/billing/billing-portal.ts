import type { BillingDeps, BillingUser } from './billing-deps';
import { customerOwnership, sameEmail } from './customer-ownership';

export type PortalAnswer =
  | { readonly kind: 'ok'; readonly url: string }
  | { readonly kind: 'not_configured'; readonly message: string; readonly instruction: string }
  | { readonly kind: 'no_customer'; readonly message: string };

export const PORTAL_NOT_CONFIGURED_MESSAGE = 'The billing portal has not been set up for this Stripe account yet.';
export const PORTAL_NOT_CONFIGURED_INSTRUCTION =
  'In the Stripe dashboard open Settings → Billing → Customer portal and save the settings ' +
  '(test mode: https://dashboard.stripe.com/test/settings/billing/portal), then try again.';

/**
 * The customer whose portal the caller may open. The linked customer by default. Another email only
 * finds a customer that Stripe or Stride already ties to this caller; the caller's own (verified) email
 * also finds a customer tied to nobody yet.
 */
async function portalCustomer(deps: BillingDeps, user: BillingUser, email: string | undefined): Promise<string | null> {
  const { state } = await deps.store.load(user.id);
  const linked = state.customerIds.at(-1) ?? null;
  const ownEmail = email === undefined || sameEmail(email, user.email) || sameEmail(email, state.email);
  if (linked !== null && ownEmail) return linked;
  const found = await deps.gateway.findCustomersByEmail(email ?? user.email);
  for (const customer of found) {
    const ownership = customerOwnership(customer, user.id, await deps.store.userIdForCustomer(customer.id));
    if (ownership === 'own' || (ownership === 'unclaimed' && sameEmail(customer.email, user.email))) return customer.id;
  }
  return linked;
}

/** The three billing-portal calls share this; they differ in how they answer (see routes/stripe). */
export async function openBillingPortal(
  deps: BillingDeps,
  user: BillingUser,
  input: { email?: string; returnUrl: string },
): Promise<PortalAnswer> {
  const customerId = await portalCustomer(deps, user, input.email);
  const who = input.email ?? user.email;
  const noCustomer: PortalAnswer = {
    kind: 'no_customer',
    message: `No billing account was found for ${who}. Choose a plan to start a subscription.`,
  };
  if (customerId === null) return noCustomer;
  const outcome = await deps.gateway.createPortalSession({ customerId, returnUrl: input.returnUrl });
  switch (outcome.kind) {
    case 'ok':
      return outcome;
    case 'customer_missing':
      return noCustomer;
    case 'not_configured':
      deps.logger.warn({ providerMessage: outcome.providerMessage }, 'Stripe customer portal is not configured');
      return {
        kind: 'not_configured',
        message: PORTAL_NOT_CONFIGURED_MESSAGE,
        instruction: PORTAL_NOT_CONFIGURED_INSTRUCTION,
      };
    default: {
      const unhandled: never = outcome;
      throw new Error(`Unhandled portal outcome ${JSON.stringify(unhandled)}`);
    }
  }
}
