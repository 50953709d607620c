import { userErased } from '@stride/domain/users/user-events';
import type { EventOf } from '@stride/domain/shared/create-event';
import type { DomainEventConsumer } from '@stride/platform/bus/event-bus';

/** What a UserErased event says (its data, parsed). */
export type Erasure = EventOf<typeof userErased>['data'];

/**
 * A log consumer of erasures: `onErased` for each UserErased event, in log order (the log is the outbox: an
 * erasure commits first, and what `onErased` asks of the outside world is redone by the next delivery after a
 * crash, so it must count what is already gone as done). Other events pass by.
 */
export const userErasedConsumer = (id: string, onErased: (erasure: Erasure) => Promise<void>): DomainEventConsumer => ({
  id,
  async handle(events) {
    for (const event of events) {
      if (event.type === userErased.type) await onErased(userErased.schema.parse(event.data));
    }
  },
});
