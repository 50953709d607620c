import type { Config } from '@stride/platform/config';
import type { Logger } from '@stride/platform/logger';
import type { Pool, Queryable } from '@stride/platform/postgres/pool';
import type { CommandHandler } from '../commands/command-handler';
import type { SubscriptionTier } from '@stride/domain/plans/subscription-tiers';
import { effectiveTierAt } from '@stride/domain/billing/billing-rules';
import { buildPlanCatalogue, subscriptionTiers, type PlanCatalogue } from '@stride/domain/plans/plan-catalogue';
import { createBillingClock, type BillingClock } from './billing-clock';
import { checkExpiredSubscriptions, type ExpiredCheckResult } from './check-expired-subscriptions';
import type { BillingDeps } from './billing-deps';
import { BillingStore } from './billing-store';
import type { PaymentGateway, PaymentsMode } from './payment-gateway';
import { createStripeClient, StripeGateway } from './stripe/stripe-gateway';
import { StripeWebhookProcessor } from './stripe/stripe-webhook-processor';
import { TestModeActions } from './test-mode/test-mode-actions';
import { TestModeGateway } from './test-mode/test-mode-gateway';
import { generateTestWebhookSecret, TestModeWebhookSender } from './test-mode/test-mode-webhooks';

/** Test mode's own parts: the in-process "Stripe" and the sender of its signed webhooks. */
export interface BillingTestMode {
  readonly actions: TestModeActions;
  readonly gateway: TestModeGateway;
  readonly webhooks: TestModeWebhookSender;
}

/** Billing as the rest of the application sees it (`services.billing`). */
export interface BillingModule {
  readonly mode: PaymentsMode;
  readonly deps: BillingDeps;
  readonly catalogue: PlanCatalogue;
  readonly clock: BillingClock;
  readonly store: BillingStore;
  readonly webhooks: StripeWebhookProcessor;
  /** null with real Stripe: the test-mode routes do not exist then. */
  readonly testMode: BillingTestMode | null;
  readonly publicUrl: string | undefined;
  /**
   * The tier whose limits and features apply to the user now (usage limits, AI breakdowns, pro analytics),
   * read from the billing stream: the plan while active or in an unpaid grace period, free once canceled or
   * past the grace period. What the user record shows as the plan is the users read model's tier.
   */
  effectiveTier(userId: string): Promise<SubscriptionTier>;
  /**
   * As `effectiveTier`, knowing the billing stream's current version (read in another statement, e.g. with
   * the usage counters): no read at all when this process holds the state of that version, or no stream.
   */
  effectiveTierAtVersion(userId: string, version: number, db?: Queryable): Promise<SubscriptionTier>;
  /**
   * The billing job for the scheduler (workers' billing queue): downgrades every user whose grace period
   * ended by `now` (default: the billing clock, which test mode can advance).
   */
  checkExpired(now?: Date): Promise<ExpiredCheckResult>;
}

/** What billing is built from. */
interface BillingModuleDeps {
  readonly config: Config;
  readonly logger: Logger;
  readonly pool: Pool;
  readonly commands: CommandHandler;
}

const configuredPrices = (config: Config): Partial<Record<SubscriptionTier, string>> => ({
  ...(config.STRIPE_PRICE_STARTER && { starter: config.STRIPE_PRICE_STARTER }),
  ...(config.STRIPE_PRICE_PRO && { pro: config.STRIPE_PRICE_PRO }),
  ...(config.STRIPE_PRICE_TEAM && { team: config.STRIPE_PRICE_TEAM }),
  ...(config.STRIPE_PRICE_LITE && { lite: config.STRIPE_PRICE_LITE }),
  ...(config.STRIPE_PRICE_BASIC && { basic: config.STRIPE_PRICE_BASIC }),
});

/** In test mode every paid plan can be bought: unconfigured prices get `price_test_{tier}`. */
const testModePrices = (
  configured: Partial<Record<SubscriptionTier, string>>,
): Partial<Record<SubscriptionTier, string>> =>
  Object.fromEntries(
    subscriptionTiers.filter((tier) => tier !== 'free').map((tier) => [tier, configured[tier] ?? `price_test_${tier}`]),
  );

/**
 * Builds billing from configuration: with STRIPE_SECRET_KEY, Stripe through its SDK (STRIPE_API_HOST,
 * _PORT and _PROTOCOL point it elsewhere, e.g. at a local fake) and STRIPE_WEBHOOK_SECRET for signatures;
 * without it, the built-in test mode with a webhook secret generated for this process.
 */
export function createBillingModule(
  services: BillingModuleDeps,
  options: { wallClock?: () => Date } = {},
): BillingModule {
  const { config, logger: rootLogger } = services;
  const logger = rootLogger.child({ component: 'billing' });
  const gracePeriodDays = config.GRACE_PERIOD_DAYS;
  const store = new BillingStore({ pool: services.pool, commands: services.commands });
  const secretKey = config.STRIPE_SECRET_KEY;
  const mode: PaymentsMode = secretKey ? 'stripe' : 'test-checkout';
  const prices = configuredPrices(config);
  const catalogue = buildPlanCatalogue(mode === 'stripe' ? prices : testModePrices(prices));
  const clock = createBillingClock({
    adjustable: mode === 'test-checkout',
    ...(options.wallClock && { wallClock: options.wallClock }),
  });

  let gateway: PaymentGateway;
  let testMode: BillingTestMode | null = null;
  let webhookSecret: string;
  if (secretKey) {
    gateway = new StripeGateway(
      createStripeClient({
        secretKey,
        host: config.STRIPE_API_HOST,
        port: config.STRIPE_API_PORT,
        protocol: config.STRIPE_API_PROTOCOL,
      }),
    );
    // loadConfig refuses STRIPE_SECRET_KEY without STRIPE_WEBHOOK_SECRET.
    webhookSecret = config.STRIPE_WEBHOOK_SECRET ?? '';
  } else {
    webhookSecret = config.STRIPE_WEBHOOK_SECRET ?? generateTestWebhookSecret();
    const webhooks = new TestModeWebhookSender(webhookSecret);
    const testGateway = new TestModeGateway({ store, catalogue, clock, webhooks });
    gateway = testGateway;
    testMode = {
      gateway: testGateway,
      webhooks,
      actions: new TestModeActions({ gateway: testGateway, store, catalogue, clock, webhooks }),
    };
    logger.info('payments run in test mode: checkout opens a built-in test page and nothing is charged');
  }

  const deps: BillingDeps = { catalogue, gateway, store, clock, gracePeriodDays, logger };
  const webhooks = new StripeWebhookProcessor({
    secret: webhookSecret,
    store,
    clock: clock.now,
    logger,
    translation: {
      catalogue,
      gracePeriodDays,
      userIdForCustomer: (customerId) => store.userIdForCustomer(customerId),
      checkoutSessionPriceId: (sessionId) => gateway.checkoutSessionPriceId(sessionId),
    },
  });
  return {
    mode,
    deps,
    catalogue,
    clock,
    store,
    webhooks,
    testMode,
    publicUrl: config.PUBLIC_URL,
    async effectiveTier(userId) {
      const { state } = await store.load(userId);
      return effectiveTierAt(state, clock.now());
    },
    async effectiveTierAtVersion(userId, version, db) {
      const { state } = await store.loadAtVersion(userId, version, db);
      return effectiveTierAt(state, clock.now());
    },
    checkExpired: (now = clock.now()) => checkExpiredSubscriptions({ store, logger }, { now }),
  };
}
