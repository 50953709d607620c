import { topicCategoryOf } from '@stride/domain/event-catalogue';
import { DOMAIN_TOPICS, domainTopic, type DomainTopicCategory } from '@stride/platform/kafka/topics';
import { streamTypeOf } from '@stride/platform/event-store/event-store';
import type { StoredEvent } from '@stride/platform/event-store/types';

const TOPIC_BY_STREAM_TYPE: Readonly<Record<string, DomainTopicCategory>> = {
  user: 'users',
  goal: 'goals',
  collection: 'goals',
  usage: 'usage',
  billing: 'billing',
};

/**
 * The topic an event is relayed to: its category from the event catalogue; an event type the catalogue
 * does not know yet goes by its stream's type, so an unknown event never stops the relay.
 */
export function topicOfEvent(event: StoredEvent): string {
  try {
    return domainTopic(topicCategoryOf(event.type));
  } catch {
    return domainTopic(TOPIC_BY_STREAM_TYPE[streamTypeOf(event.streamId)] ?? 'users');
  }
}

export { DOMAIN_TOPICS };
