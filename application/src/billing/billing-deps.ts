import type { PlanCatalogue } from '@stride/domain/plans/plan-catalogue';
import type { Logger } from '@stride/platform/logger';
import type { BillingClock } from './billing-clock';
import type { BillingStore } from './billing-store';
import type { PaymentGateway } from './payment-gateway';

/** What the billing use cases work with (built once in billing-module.ts). */
export interface BillingDeps {
  readonly catalogue: PlanCatalogue;
  readonly gateway: PaymentGateway;
  readonly store: BillingStore;
  readonly clock: BillingClock;
  readonly gracePeriodDays: number;
  readonly logger: Logger;
}

/** The signed-in caller, as authentication gives it. */
export interface BillingUser {
  readonly id: string;
  readonly email: string;
  readonly name: string;
}
