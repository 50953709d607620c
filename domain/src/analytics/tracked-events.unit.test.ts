import { describe, expect, it } from 'vitest';
import {
  isKnownTrackedEvent,
  trackEventRequestSchema,
  trackedEventNameSchema,
  trackedEventSchema,
} from './tracked-events';

const context = { sessionId: 'sess-1', timestamp: '2025-03-03T10:15:00.000Z' };

describe('tracked analytics events', () => {
  describe('given event names', () => {
    it.each([
      'goal_created',
      'ai_generation_completed',
      'upgrade_clicked',
      'page_viewed',
      'checkout_started',
      'custom_thing_2',
    ])('when %s, then it is a valid snake_case name', (name) => {
      expect(trackedEventNameSchema.safeParse(name).success).toBe(true);
    });

    it.each(['', 'GoalCreated', 'goal-created', 'goal created', '_goal', 'goal_', '1goal', 'a'.repeat(101)])(
      'when %j, then it is rejected',
      (name) => {
        expect(trackedEventNameSchema.safeParse(name).success).toBe(false);
      },
    );

    it('when matched against the spec list, then families and exact names are known and others are not', () => {
      for (const name of [
        'onboarding_step_completed',
        'goal_created',
        'task_completed',
        'ai_generation_failed',
        'checkout_completed',
      ]) {
        expect(isKnownTrackedEvent(name)).toBe(true);
      }
      for (const name of [
        'upgrade_clicked',
        'subscription_cancelled',
        'billing_portal_accessed',
        'session_started',
        'session_ended',
        'daily_active',
        'page_viewed',
        'feature_used',
        'error_occurred',
      ]) {
        expect(isKnownTrackedEvent(name)).toBe(true);
      }
      expect(isKnownTrackedEvent('goal_')).toBe(false);
      expect(isKnownTrackedEvent('something_else')).toBe(false);
    });
  });

  describe('given a browser event', () => {
    it('when well formed, then it parses with its properties and context', () => {
      const event = {
        event: 'goal_created',
        properties: {
          category: 'fitness',
          priority: 'high',
          has_target: true,
          tasks: 5,
          tags: ['a', 'b'],
          extra: { source: 'web' },
          none: null,
        },
        context: {
          ...context,
          userId: 'a1b2c3',
          tier: 'free',
          path: '/daily',
          referrer: 'https://google.com',
          userAgent: 'UA',
        },
      };
      expect(trackedEventSchema.parse(event)).toEqual(event);
    });

    it('when properties are missing, then they default to an empty object', () => {
      expect(trackedEventSchema.parse({ event: 'page_viewed', context }).properties).toEqual({});
    });

    it('when there are more than 50 properties, then it is rejected; 50 pass', () => {
      const props = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, i]));
      expect(trackedEventSchema.safeParse({ event: 'x', properties: props(50), context }).success).toBe(true);
      expect(trackedEventSchema.safeParse({ event: 'x', properties: props(51), context }).success).toBe(false);
    });

    it('when a property nests objects two deep, then it is rejected', () => {
      expect(trackedEventSchema.safeParse({ event: 'x', properties: { a: { b: { c: 1 } } }, context }).success).toBe(
        false,
      );
    });

    it('when the context lacks a session id or has a bad timestamp, then it is rejected', () => {
      expect(trackedEventSchema.safeParse({ event: 'x', context: { timestamp: context.timestamp } }).success).toBe(
        false,
      );
      expect(
        trackedEventSchema.safeParse({ event: 'x', context: { ...context, timestamp: 'yesterday' } }).success,
      ).toBe(false);
    });

    it('when the timestamp carries an offset, then it is accepted', () => {
      expect(
        trackedEventSchema.safeParse({ event: 'x', context: { ...context, timestamp: '2025-03-03T10:15:00+02:00' } })
          .success,
      ).toBe(true);
    });
  });

  describe('given a track-event request', () => {
    it('when well formed, then it parses; metadata defaults to empty', () => {
      const body = { userId: 'user-1', event: 'task_completed', timestamp: '2025-03-03T10:15:00.000Z' };
      expect(trackEventRequestSchema.parse(body)).toEqual({ ...body, metadata: {} });
    });

    it('when the user id is empty, then it is rejected', () => {
      expect(
        trackEventRequestSchema.safeParse({ userId: '', event: 'x', metadata: {}, timestamp: context.timestamp })
          .success,
      ).toBe(false);
    });
  });
});
