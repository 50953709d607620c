import { billingEventDefinitions, type BillingEvent } from './billing/billing-events';
import { collectionEventDefinitions, type CollectionEvent } from './collections/collection-events';
import { goalEventDefinitions, type GoalEvent } from './goals/goal-events';
import type { EventDefinition } from './shared/event';
import { EventRegistry } from './shared/event-registry';
import { taskEventDefinitions } from './tasks/task-events';
import { taskPlanningEventDefinitions, type TaskPlanningEvent } from './tasks/task-planning-events';
import { usageEventDefinitions, type UsageEvent } from './usage/usage-events';
import { userEventDefinitions, type UserEvent } from './users/user-events';

/** Every stored event: the core aggregates' (goal events include their tasks') and billing's. */
export type StrideEvent = UserEvent | GoalEvent | TaskPlanningEvent | CollectionEvent | UsageEvent | BillingEvent;

export type TopicCategory = 'goals' | 'tasks' | 'usage' | 'billing' | 'users';

const coreTopics = ['users', 'goals', 'tasks', 'usage'] as const;

/** The event definitions of each topic; collections publish with goals. */
const definitionsByTopic: Record<(typeof coreTopics)[number], readonly EventDefinition[]> = {
  users: userEventDefinitions,
  goals: [...goalEventDefinitions, ...collectionEventDefinitions],
  tasks: [...taskEventDefinitions, ...taskPlanningEventDefinitions],
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

/** The registry of every stored event type: the core ones and billing's (stream `billing-{userId}`). */
export const eventRegistry = buildEventRegistry(billingEventDefinitions);

const topicByEventType = new Map<string, TopicCategory>([
  ...coreTopics.flatMap((topic) => definitionsByTopic[topic].map((definition) => [definition.type, topic] as const)),
  ...billingEventDefinitions.map((definition) => [definition.type, 'billing'] as const),
]);

/** The broker topic an event is relayed to; every stored event type has one. */
export const topicCategoryOf = (eventType: string): TopicCategory => {
  const topic = topicByEventType.get(eventType);
  if (topic) return topic;
  throw new Error(`No topic is known for event type '${eventType}'`);
};
