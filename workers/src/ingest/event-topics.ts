import { topicCategoryByStream, topicCategoryOf, topicCategoryValues } from '@stride/domain/event-catalogue';
import type { StreamCategory } from '@stride/domain/stream-ids';
import { streamTypeOf } from '@stride/platform/event-store/event-store';
import { domainTopic } from '@stride/platform/kafka/topics';
import type { StoredEvent } from '@stride/platform/event-store/types';

/** The topics domain events are relayed to and consumed from: one per topic category of the domain. */
export const DOMAIN_TOPICS: readonly string[] = topicCategoryValues.map(domainTopic);

/**
 * The topic an event is relayed to: its category from the event catalogue; an event type the catalogue
 * does not know yet goes by its stream's category, so an unknown event never stops the relay.
 */
export function topicOfEvent(event: StoredEvent): string {
  try {
    return domainTopic(topicCategoryOf(event.type));
  } catch {
    const stream = streamTypeOf(event.streamId);
    const known = Object.hasOwn(topicCategoryByStream, stream);
    return domainTopic(known ? topicCategoryByStream[stream as StreamCategory] : 'users');
  }
}
