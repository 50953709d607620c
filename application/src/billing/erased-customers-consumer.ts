import { userErased } from '@stride/domain/users/user-events';
import type { DomainEventConsumer } from '@stride/platform/bus/event-bus';
import type { Logger } from '@stride/platform/logger';
import type { PaymentGateway } from './payment-gateway';

/**
 * Deletes an erased user's customers at the payment provider, from the UserErased event in the log (the log
 * is the outbox): the erasure commits first, and a crash before the provider answered is redone by the next
 * delivery instead of being lost. Deleting a customer the provider no longer has counts as done, so a
 * redelivered batch is harmless. Erasures recorded before the event named the customers carry none.
 */
export function erasedCustomersConsumer(gateway: PaymentGateway, logger: Logger): DomainEventConsumer {
  return {
    id: 'erased-payment-customers',
    async handle(events) {
      for (const event of events) {
        if (event.type !== userErased.type) continue;
        const { userId, stripeCustomerIds = [] } = userErased.schema.parse(event.data);
        for (const customerId of stripeCustomerIds) await gateway.deleteCustomer(customerId);
        if (stripeCustomerIds.length > 0)
          logger.info({ userId, customers: stripeCustomerIds.length }, "an erased user's payment customers deleted");
      }
    },
  };
}
