import { billingEventDefinitions, type BillingEvent } from './billing/billing-events';
import { calendarFeedEventDefinitions, type CalendarFeedEvent } from './calendar/calendar-feed-events';
import { collectionEventDefinitions, type CollectionEvent } from './collections/collection-events';
import { goalEventDefinitions, type GoalEvent } from './goals/goal-events';
import type { EventDefinition } from './shared/event';
import { EventRegistry } from './shared/event-registry';
import type { StreamCategory } from './stream-ids';
import { taskEventDefinitions } from './tasks/task-events';
import { taskPlanningEventDefinitions, type TaskPlanningEvent } from './tasks/task-planning-events';
import { subtaskEventDefinitions, type SubtaskEvent } from './tasks/subtask-events';
import { taskOrderEventDefinitions, type TaskOrderEvent } from './tasks/task-order-events';
import { templateEventDefinitions, type TemplateEvent } from './templates/template-events';
import { usageEventDefinitions, type UsageEvent } from './usage/usage-events';
import { userEventDefinitions, type UserEvent } from './users/user-events';

/** Every stored event: the core aggregates' (goal events include their tasks') and billing's. */
export type StrideEvent =
  | UserEvent
  | GoalEvent
  | TaskPlanningEvent
  | SubtaskEvent
  | TaskOrderEvent
  | CollectionEvent
  | TemplateEvent
  | UsageEvent
  | BillingEvent
  | CalendarFeedEvent;

/**
 * The broker topic categories, declared once: every stored event is relayed to one of them (the bus names
 * its topic `stride.{category}`, platform/src/kafka/topics.ts).
 */
export const topicCategoryValues = ['goals', 'tasks', 'usage', 'billing', 'users'] as const;
export type TopicCategory = (typeof topicCategoryValues)[number];

const coreTopics = ['users', 'goals', 'tasks', 'usage'] as const satisfies readonly TopicCategory[];

/** The event definitions of each topic; collections and templates publish with goals. */
const definitionsByTopic: Record<(typeof coreTopics)[number], readonly EventDefinition[]> = {
  users: [...userEventDefinitions, ...calendarFeedEventDefinitions],
  goals: [...goalEventDefinitions, ...collectionEventDefinitions, ...templateEventDefinitions],
  tasks: [
    ...taskEventDefinitions,
    ...taskPlanningEventDefinitions,
    ...subtaskEventDefinitions,
    ...taskOrderEventDefinitions,
  ],
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

/**
 * The topic category of each stream's events, for an event type this catalogue does not know yet (a newer
 * writer's): tasks are written to their goal's stream and collections publish with goals.
 */
export const topicCategoryByStream: Readonly<Record<StreamCategory, TopicCategory>> = {
  user: 'users',
  goal: 'goals',
  collection: 'goals',
  template: 'goals',
  usage: 'usage',
  billing: 'billing',
  calendar: 'users',
};

/** The broker topic an event is relayed to; every stored event type has one. */
export const topicCategoryOf = (eventType: string): TopicCategory => {
  const topic = topicByEventType.get(eventType);
  if (topic) return topic;
  throw new Error(`No topic is known for event type '${eventType}'`);
};
