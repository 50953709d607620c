import { billingDecider } from '@stride/domain/billing/billing-decider';
import { collectionDecider } from '@stride/domain/collections/collection-decider';
import { goalDecider } from '@stride/domain/goals/goal-decider';
import { DomainError } from '@stride/domain/shared/domain-error';
import type { EventRegistry } from '@stride/domain/shared/event-registry';
import { parseStreamId } from '@stride/domain/stream-ids';
import { templateDecider } from '@stride/domain/templates/template-decider';
import { usageDecider } from '@stride/domain/usage/usage-decider';
import { userDecider } from '@stride/domain/users/user-decider';
import type { StoredEvent } from '@stride/platform/event-store/types';
import type { StreamEvolver } from '@stride/application/commands/command-handler';
import type { DomainEvent } from '@stride/domain/shared/event';

const evolvers: Readonly<Record<string, StreamEvolver<unknown, DomainEvent>>> = {
  user: userDecider,
  goal: goalDecider,
  collection: collectionDecider,
  template: templateDecider,
  usage: usageDecider,
  billing: billingDecider,
};

/** The aggregate's state after `events`, folded with its decider's evolve (events upcast first). */
export function replayState(streamId: string, events: readonly StoredEvent[], registry: EventRegistry): unknown {
  const evolver = evolvers[parseStreamId(streamId).category];
  if (!evolver) {
    throw new DomainError('validation', 'This stream has no state model to replay; read its events instead', {
      field: 'streamId',
    });
  }
  return events.map((stored) => registry.upcast(stored)).reduce(evolver.evolve, evolver.initialState());
}
