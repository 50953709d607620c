import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { billingEventDefinitions } from './billing/billing-events';
import { buildEventRegistry, coreEventDefinitions, eventRegistry, topicCategoryOf } from './event-catalogue';
import { defineEvent } from './shared/event';

describe('Event catalogue', () => {
  it('registers every core event type', () => {
    for (const { type } of coreEventDefinitions) expect(eventRegistry.has(type)).toBe(true);
    expect(eventRegistry.has('TasksBatchGenerated')).toBe(true);
  });

  it.each([
    ['UserRegistered', 'users'],
    ['OnboardingCompleted', 'users'],
    ['GoalCreated', 'goals'],
    ['GoalDeleted', 'goals'],
    ['CollectionCreated', 'goals'],
    ['GoalAddedToCollection', 'goals'],
    ['TasksBatchGenerated', 'tasks'],
    ['TaskCompleted', 'tasks'],
    ['TaskScheduled', 'tasks'],
    ['TaskRecurrenceSet', 'tasks'],
    ['TaskOccurrenceCreated', 'tasks'],
    ['GoalCounted', 'usage'],
    ['UsageMonthReset', 'usage'],
    ['SubscriptionActivated', 'billing'],
    ['PaymentFailed', 'billing'],
    ['StripeCustomerLinked', 'billing'],
    ['SubscriptionDowngraded', 'billing'],
    ['PaymentRecovered', 'billing'],
  ])('publishes %s to %s', (eventType, topic) => {
    expect(topicCategoryOf(eventType)).toBe(topic);
  });

  it('gives every core event type a topic', () => {
    for (const { type } of coreEventDefinitions) expect(() => topicCategoryOf(type)).not.toThrow();
  });

  it('validates the planning events on the way in and out (an impossible do date is refused)', () => {
    const stored = { type: 'TaskScheduled', schemaVersion: 1, data: { taskId: 't1', doDate: '2026-12-01' } };
    expect(eventRegistry.upcast(stored)).toEqual({
      type: 'TaskScheduled',
      data: { taskId: 't1', doDate: '2026-12-01' },
    });
    expect(() => eventRegistry.upcast({ ...stored, data: { taskId: 't1', doDate: '2026-02-30' } })).toThrow();
    expect(() =>
      eventRegistry.validateForAppend({ type: 'TaskDueDateSet', data: { taskId: 't1', dueDate: '0000-00-00' } }),
    ).toThrow();
  });

  it('refuses an unknown event type', () => {
    expect(() => topicCategoryOf('SomethingHappened')).toThrow("No topic is known for event type 'SomethingHappened'");
  });

  it('takes extra definitions on top of the core ones', () => {
    const somethingExtra = defineEvent({
      type: 'SomethingExtraHappened',
      schemaVersion: 1,
      schema: z.object({ tier: z.string() }),
    });
    const registry = buildEventRegistry([somethingExtra]);
    expect(registry.has('SomethingExtraHappened')).toBe(true);
    expect(registry.has('GoalCreated')).toBe(true);
    expect(eventRegistry.has('SomethingExtraHappened')).toBe(false);
  });

  it('registers every billing event type, each published to billing', () => {
    for (const { type } of billingEventDefinitions) {
      expect(eventRegistry.has(type)).toBe(true);
      expect(topicCategoryOf(type)).toBe('billing');
    }
  });
});
