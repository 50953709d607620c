import { collectionEventDefinitions, type CollectionEvent } from './collections/collection-events';
import { goalEventDefinitions, type GoalEvent } from './goals/goal-events';
import type { EventDefinition } from './shared/event';
import { EventRegistry } from './shared/event-registry';
import { taskEventDefinitions } from './tasks/task-events';
import { usageEventDefinitions, type UsageEvent } from './usage/usage-events';
import { userEventDefinitions, type UserEvent } from './users/user-events';

/** Every event of the core aggregates (goal events include their tasks'). */
export type StrideEvent = UserEvent | GoalEvent | CollectionEvent | UsageEvent;

export type TopicCategory = 'goals' | 'tasks' | 'usage' | 'billing' | 'users';

const coreTopics = ['users', 'goals', 'tasks', 'usage'] as const;

/** The event definitions of each topic; collections publish with goals. */
const definitionsByTopic: Record<(typeof coreTopics)[number], readonly EventDefinition[]> = {
  users: userEventDefinitions,
  goals: [...goalEventDefinitions, ...collectionEventDefinitions],
  tasks: taskEventDefinitions,
  usage: usageEventDefinitions,
};

export const coreEventDefinitions: readonly EventDefinition[] = coreTopics.flatMap(
  (topic) => definitionsByTopic[topic],
);

/**
 * The registry of all stored event types. Modules outside the core (billing) pass their definitions
 * as `extra`: `buildEventRegistry(billingEventDefinitions)`.
 */
export const buildEventRegistry = (extra: readonly EventDefinition[] = []): EventRegistry =>
  new EventRegistry([...coreEventDefinitions, ...extra]);

// BILLING: when the billing module lands, build this with its definitions,
// `buildEventRegistry(billingEventDefinitions)`, and add its event union to StrideEvent.
export const eventRegistry = buildEventRegistry();

const topicByEventType = new Map(
  coreTopics.flatMap((topic) => definitionsByTopic[topic].map((definition) => [definition.type, topic] as const)),
);

const BILLING_EVENT_PATTERN = /^(Subscription|Payment|Stripe)/;

/** The broker topic an event is relayed to. Billing events are recognised by name; others must be known. */
export const topicCategoryOf = (eventType: string): TopicCategory => {
  const topic = topicByEventType.get(eventType);
  if (topic) return topic;
  if (BILLING_EVENT_PATTERN.test(eventType)) return 'billing';
  throw new Error(`No topic is known for event type '${eventType}'`);
};
