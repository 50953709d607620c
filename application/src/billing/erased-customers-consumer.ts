import type { DomainEventConsumer } from '@stride/platform/bus/event-bus';
import type { Logger } from '@stride/platform/logger';
import { userErasedConsumer } from '../privacy/user-erased-consumer';
import type { PaymentGateway } from './payment-gateway';

/**
 * Deletes an erased user's customers at the payment provider, from the UserErased event in the log (the log
 * is the outbox): the erasure commits first, and a crash before the provider answered is redone by the next
 * delivery instead of being lost. Deleting a customer the provider no longer has counts as done, so a
 * redelivered batch is harmless. Erasures recorded before the event named the customers carry none.
 */
export const erasedCustomersConsumer = (gateway: PaymentGateway, logger: Logger): DomainEventConsumer =>
  userErasedConsumer('erased-payment-customers', async ({ userId, stripeCustomerIds = [] }) => {
    for (const customerId of stripeCustomerIds) await gateway.deleteCustomer(customerId);
    if (stripeCustomerIds.length > 0)
      logger.info({ userId, customers: stripeCustomerIds.length }, "an erased user's payment customers deleted");
  });
