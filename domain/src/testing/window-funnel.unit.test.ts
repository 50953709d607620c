import { describe, expect, it } from 'vitest';
import { defaultFunnelSteps } from '../analytics/funnel';
import { computeFunnel, funnelLevel, type FunnelEvent } from './window-funnel';
import type { FunnelStep } from '../analytics/funnel';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const steps: readonly FunnelStep[] = [
  { id: 'a', label: 'A', eventTypes: ['A'] },
  { id: 'b', label: 'B', eventTypes: ['B'] },
  { id: 'c', label: 'C', eventTypes: ['C', 'C2'] },
];
const ev = (type: string, at: number): FunnelEvent => ({ type, at });

describe('funnel', () => {
  describe('given the default funnel', () => {
    it('when listed, then seven steps in order from the landing page view, with the domain and tracked event names', () => {
      expect(defaultFunnelSteps.map((step) => step.eventTypes)).toEqual([
        ['page_viewed:/'],
        ['UserRegistered'],
        ['OnboardingCompleted'],
        ['GoalCreated'],
        ['TasksBatchGenerated'],
        ['upgrade_clicked'],
        ['SubscriptionActivated', 'checkout_completed'],
      ]);
      expect(new Set(defaultFunnelSteps.map((step) => step.id)).size).toBe(7);
    });
  });

  describe('given one user (windowFunnel semantics)', () => {
    it('when every step happens in order within the window, then the full level', () => {
      expect(funnelLevel([ev('A', 0), ev('B', HOUR), ev('C', 2 * HOUR)], steps, DAY)).toBe(3);
    });

    it('when a step falls outside the window from the chain start, then the level stops before it', () => {
      expect(funnelLevel([ev('A', 0), ev('B', HOUR), ev('C', DAY + 1)], steps, DAY)).toBe(2);
    });

    it('when a step happens exactly at the window edge, then it counts (inclusive)', () => {
      expect(funnelLevel([ev('A', 0), ev('B', DAY)], steps, DAY)).toBe(2);
    });

    it('when a later step happens before an earlier one, then it does not count', () => {
      expect(funnelLevel([ev('B', 0), ev('A', HOUR), ev('C', 2 * HOUR)], steps, DAY)).toBe(1);
    });

    it('when a step is skipped, then the level stops at the gap', () => {
      expect(funnelLevel([ev('A', 0), ev('C', HOUR)], steps, DAY)).toBe(1);
    });

    it('when a later first step restarts the chain, then a chain within its own window counts', () => {
      const events = [ev('A', 0), ev('A', 10 * DAY), ev('B', 10 * DAY + HOUR), ev('C', 10 * DAY + 2 * HOUR)];
      expect(funnelLevel(events, steps, DAY)).toBe(3);
    });

    it('when events share a timestamp, then the earlier step is taken first', () => {
      expect(funnelLevel([ev('B', 5), ev('A', 5)], steps, DAY)).toBe(2);
    });

    it('when any of the step event types occurs, then the step is reached', () => {
      expect(funnelLevel([ev('A', 0), ev('B', 1), ev('C2', 2)], steps, DAY)).toBe(3);
    });

    it('when events are unrelated or absent, then level 0', () => {
      expect(funnelLevel([ev('X', 0)], steps, DAY)).toBe(0);
      expect(funnelLevel([], steps, DAY)).toBe(0);
    });
  });

  describe('given several users', () => {
    const eventsByUser = {
      u1: [ev('A', 0), ev('B', HOUR), ev('C', 2 * HOUR)],
      u2: [ev('A', 0), ev('B', HOUR)],
      u3: [ev('A', 0), ev('B', 3 * DAY)],
      u4: [ev('B', 0)],
    };

    it('when computed, then each step counts users who reached it, with conversions', () => {
      const result = computeFunnel(eventsByUser, steps, DAY);
      expect(result.steps.map((step) => step.users)).toEqual([3, 2, 1]);
      expect(result.steps.map((step) => step.conversionFromPrevious)).toEqual([1, 2 / 3, 1 / 2]);
      expect(result.steps.map((step) => step.conversionFromStart)).toEqual([1, 2 / 3, 1 / 3]);
      expect(Object.fromEntries(result.levelByUser)).toEqual({ u1: 3, u2: 2, u3: 1, u4: 0 });
    });

    it('when given as a Map, then the same answer as a record', () => {
      const fromMap = computeFunnel(new Map(Object.entries(eventsByUser)), steps, DAY);
      expect(fromMap.steps).toEqual(computeFunnel(eventsByUser, steps, DAY).steps);
    });

    it('when the window widens, then slow users convert too', () => {
      expect(computeFunnel(eventsByUser, steps, 7 * DAY).steps.map((step) => step.users)).toEqual([3, 3, 1]);
    });

    it('when nobody entered, then all zeros without dividing by zero', () => {
      const result = computeFunnel({}, steps, DAY);
      expect(result.steps.map((step) => [step.users, step.conversionFromPrevious, step.conversionFromStart])).toEqual([
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ]);
    });
  });
});
