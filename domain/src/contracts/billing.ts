import { z } from 'zod';
import { subscriptionStatusSchema, subscriptionTierSchema } from '../plans/subscription-tiers';
import { downgradeReasonValues } from '../billing/billing-events';

/**
 * The plans and subscription calls (spec sections 3, 7 and 8). Paths are under /api. Every response
 * schema is what the server sends; request schemas are what it accepts (unknown keys are ignored).
 */

const tierSchema = subscriptionTierSchema;
const statusSchema = subscriptionStatusSchema;

/**
 * A return address for checkout and the billing portal: a path on this site (`/pricing`) or an absolute
 * URL on the site's own origin. The server resolves paths against PUBLIC_URL (or the request's origin) and
 * refuses other origins with a 400, so the endpoints cannot be used as open redirects.
 */
export const returnUrlSchema = z.string().trim().min(1).max(2000);

// GET /api/plans (public): the whole catalogue in presentation order. The pricing page shows the plans
// with `legacy: false`; the upgrade dialog picks by tier (domain/plans/limits upgradeOptionsFor).
export const planSchema = z.object({
  id: tierSchema,
  name: z.string(),
  headline: z.string(),
  subheadline: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  priceDisplay: z.string(),
  /** The payment provider's price identifier; null when none is configured (then not purchasable). */
  stripePriceId: z.string().nullable(),
  limits: z.object({ goalsPerMonth: z.number().int(), aiGenerationsPerMonth: z.number().int() }),
  features: z.array(z.string()),
  bestFor: z.string(),
  valueProposition: z.string().optional(),
  popular: z.boolean(),
  legacy: z.boolean(),
  purchasable: z.boolean(),
});
export type PlanResponse = z.infer<typeof planSchema>;
export const plansResponseSchema = z.object({
  plans: z.array(planSchema),
  /** 'test-checkout' without STRIPE_SECRET_KEY: checkout opens the built-in test page, nothing is charged. */
  paymentsMode: z.enum(['test-checkout', 'stripe']),
});

// POST /api/stripe/create-checkout-session-simple
export const DEFAULT_CHECKOUT_SUCCESS_PATH = '/payment-success?success=true';
/** The checkout's cancel link comes back to pricing with this flag: the page says nothing was charged. */
export const CHECKOUT_CANCELLED_FLAG = { name: 'checkout', value: 'cancelled' } as const;
export const DEFAULT_CHECKOUT_CANCEL_PATH = `/pricing?${CHECKOUT_CANCELLED_FLAG.name}=${CHECKOUT_CANCELLED_FLAG.value}`;
export const createCheckoutSessionBodySchema = z.object({
  priceId: z.string().trim().min(1, 'A price identifier is required').max(200),
  successUrl: returnUrlSchema.optional(),
  cancelUrl: returnUrlSchema.optional(),
});
export const createCheckoutSessionResponseSchema = z.object({
  sessionId: z.string(),
  /** Where to send the browser: Stripe's hosted checkout, or the built-in test checkout page. */
  url: z.string(),
});

// POST /api/stripe/create-billing-portal-session
export const DEFAULT_PORTAL_RETURN_PATH = '/user-profile';
export const createBillingPortalSessionBodySchema = z.object({ returnUrl: returnUrlSchema.optional() });
export const createBillingPortalSessionResponseSchema = z.object({ url: z.string() });

/**
 * POST /api/stripe/create-billing-portal-direct. Never an error for a portal problem: `success: false`
 * with a message (and, when the Stripe account has no portal configuration, `requiresManualConfig: true`
 * and what to do about it in `instruction`). `email` may only name the caller's own billing account.
 */
export const createBillingPortalDirectBodySchema = z.object({
  email: z.string().trim().email().max(320).optional(),
  returnUrl: returnUrlSchema.optional(),
});
export const createBillingPortalDirectResponseSchema = z.object({
  success: z.boolean(),
  url: z.string().nullable(),
  requiresManualConfig: z.boolean(),
  message: z.string(),
  instruction: z.string().nullable(),
});

// POST /api/stripe/create-billing-portal-simple: errors are HTTP errors (404 no billing account, 503 portal
// not configured).
export const createBillingPortalSimpleBodySchema = createBillingPortalDirectBodySchema;
export const createBillingPortalSimpleResponseSchema = z.object({ url: z.string(), message: z.string() });

/**
 * POST /api/stripe/sync-subscription-bypass. Looks the caller's (or the given email's) Stripe customer up
 * and applies its best subscription. `found: false` with `subscription: null` when there is none; the
 * messages of spec section 8 are the web app's. Another email's customer is only taken over when Stripe
 * does not already tie it to a different user.
 */
export const syncSubscriptionBodySchema = z.object({ email: z.string().trim().email().max(320).optional() });
export const syncSubscriptionResponseSchema = z.object({
  found: z.boolean(),
  subscription: z.object({ tier: tierSchema, status: statusSchema }).nullable(),
});

/** GET /api/stripe/subscription-status: the caller's billing state, read from the event store. */
export const subscriptionStatusResponseSchema = z.object({
  tier: tierSchema,
  status: statusSchema,
  /** The tier whose limits apply now: the tier while active or within the grace period, else free. */
  effectiveTier: tierSchema,
  subscriptionId: z.string().nullable(),
  customerId: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  /** Canceled in the portal: the plan stays until currentPeriodEnd, then Free. */
  cancelAtPeriodEnd: z.boolean(),
  paymentFailedAt: z.string().nullable(),
  gracePeriodEndsAt: z.string().nullable(),
  /** Whole days left in the grace period (rounded up); null without a pending payment failure. */
  graceDaysRemaining: z.number().int().nullable(),
  paymentsMode: z.enum(['test-checkout', 'stripe']),
  /** The paid plan that last ended (the user is on Free now), for the "your plan ended" notice. */
  endedPlan: z.object({ tier: tierSchema, reason: z.enum(downgradeReasonValues) }).nullable(),
  /** The billing clock's time (moved by an admin in test mode): countdowns follow it. */
  billingNow: z.string(),
});
export type SubscriptionStatusResponse = z.infer<typeof subscriptionStatusResponseSchema>;

/**
 * POST /api/stripe/check-expired-subscriptions (empty body). Ends grace periods that ran out unpaid:
 * an admin runs it for everyone; anyone else for their own account only. The billing queue of the
 * workers runs the same job on a schedule.
 */
export const checkExpiredSubscriptionsResponseSchema = z.object({
  checked: z.number().int(),
  downgraded: z.array(z.object({ userId: z.string(), fromTier: tierSchema, reason: z.string() })),
  ranAt: z.string(),
});

/** POST /api/stripe/webhook: Stripe's call; `duplicate: true` when the event was applied before. */
export const stripeWebhookResponseSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
  outcome: z.enum(['applied', 'ignored', 'unmatched', 'duplicate']),
});

// Test mode only (no STRIPE_SECRET_KEY; 404 otherwise). They act on the caller's own subscription by
// sending the server the same signed webhook events Stripe would.
// GET  /api/stripe/test-checkout/:sessionId           HTML page, "TEST MODE — no real payment"
// POST /api/stripe/test-checkout/:sessionId/complete  (the page's Pay button; redirects to successUrl)
// GET  /api/stripe/test-checkout/portal/:portalSessionId  HTML test billing portal (cancel / fail / recover)
// POST /api/stripe/test-mode/payment-failed           -> testModeActionResponseSchema
// POST /api/stripe/test-mode/payment-recovered        -> testModeActionResponseSchema
// POST /api/stripe/test-mode/cancel-subscription      -> testModeActionResponseSchema
// POST /api/stripe/test-mode/advance-clock {days}     -> testModeClockResponseSchema
export const testModeActionResponseSchema = z.object({
  sent: z.array(z.string()),
  subscription: subscriptionStatusResponseSchema,
});
export const advanceClockBodySchema = z.object({ days: z.number().min(0).max(365) });
export const testModeClockResponseSchema = z.object({ now: z.string(), offsetMs: z.number() });
