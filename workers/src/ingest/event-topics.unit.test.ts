import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '@stride/platform/event-store/types';
import { DOMAIN_TOPICS, topicOfEvent } from './event-topics';

const stored = (type: string, streamId: string): StoredEvent => ({
  globalPosition: 1,
  transactionId: '1',
  streamId,
  streamVersion: 1,
  eventId: 'e1',
  type,
  schemaVersion: 1,
  data: {},
  metadata: {
    userId: 'u1',
    correlationId: 'c1',
    causationId: null,
    schemaVersion: 1,
    recordedAt: '2026-01-01T00:00:00.000Z',
  },
  recordedAt: '2026-01-01T00:00:00.000Z',
});

describe('event topics', () => {
  it('are one per topic category of the domain', () => {
    expect(DOMAIN_TOPICS).toEqual(['stride.goals', 'stride.tasks', 'stride.usage', 'stride.billing', 'stride.users']);
  });

  it('relay a known event by its type, an unknown one by its stream (users when the stream is unknown too)', () => {
    expect(topicOfEvent(stored('TaskCompleted', 'goal-g1'))).toBe('stride.tasks');
    expect(topicOfEvent(stored('SomethingNew', 'goal-g1'))).toBe('stride.goals');
    expect(topicOfEvent(stored('SomethingNew', 'collection-c1'))).toBe('stride.goals');
    expect(topicOfEvent(stored('SomethingNew', 'billing-u1'))).toBe('stride.billing');
    expect(topicOfEvent(stored('SomethingNew', 'elsewhere-x'))).toBe('stride.users');
  });
});
