import { describe, expect, it } from 'vitest';
import {
  breakdownRequestSchema,
  breakdownResultSchema,
  generatedTaskSchema,
  goalForBreakdownSchema,
  plannedBreakdownSchema,
} from './breakdown';

const task = { title: 'Outline chapter one', estimatedMinutes: 45, energyLevel: 'high' as const };

describe('breakdown contract', () => {
  describe('given a generated task', () => {
    it('when well formed, then it is valid', () => {
      expect(generatedTaskSchema.parse(task)).toEqual(task);
    });

    it.each([
      ['a title under 3 characters', { ...task, title: 'Go' }],
      ['a title over 120 characters', { ...task, title: 'x'.repeat(121) }],
      ['under 5 minutes', { ...task, estimatedMinutes: 4 }],
      ['over 480 minutes', { ...task, estimatedMinutes: 481 }],
      ['fractional minutes', { ...task, estimatedMinutes: 30.5 }],
      ['an unknown energy level', { ...task, energyLevel: 'extreme' }],
    ])('when it has %s, then it is rejected', (_, candidate) => {
      expect(generatedTaskSchema.safeParse(candidate).success).toBe(false);
    });
  });

  describe('given a breakdown result', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ ...task, title: `Task number ${i + 1}` }));

    it('when it has 3 or 10 tasks, then it is valid', () => {
      expect(breakdownResultSchema.safeParse({ tasks: many(3) }).success).toBe(true);
      expect(breakdownResultSchema.safeParse({ tasks: many(10) }).success).toBe(true);
    });

    it('when it has 2 or 11 tasks, then it is rejected', () => {
      expect(breakdownResultSchema.safeParse({ tasks: many(2) }).success).toBe(false);
      expect(breakdownResultSchema.safeParse({ tasks: many(11) }).success).toBe(false);
    });
  });

  describe('given a goal to break down', () => {
    it('when category and priority are missing, then they default to personal and medium', () => {
      expect(goalForBreakdownSchema.parse({ title: 'Run a 10k' })).toEqual({
        title: 'Run a 10k',
        category: 'personal',
        priority: 'medium',
      });
    });

    it('when the title is blank, then it is rejected', () => {
      expect(goalForBreakdownSchema.safeParse({ title: '   ' }).success).toBe(false);
    });
  });

  describe('given a breakdown request (issue 14)', () => {
    it('when only the goal and today are given, then the options take their defaults', () => {
      expect(breakdownRequestSchema.parse({ goal: { title: 'Run a 10k' }, today: '2026-11-25' }).options).toEqual({
        granularity: 'normal',
        easiestFirst: false,
        existingTaskTitles: [],
        variant: 0,
      });
    });

    it.each([
      ['an unknown granularity', { granularity: 'huge' }],
      ['an estimate ratio above 2.5', { estimateCorrection: { overall: 3 } }],
      ['a negative variant', { variant: -1 }],
    ])('when it has %s, then it is rejected', (_, options) => {
      const request = { goal: { title: 'Run a 10k' }, today: '2026-11-25', options };
      expect(breakdownRequestSchema.safeParse(request).success).toBe(false);
    });

    it('when a draft step carries a suggested date, then it is a valid planned step', () => {
      const tasks = [1, 2, 3].map((n) => ({ ...task, title: `Step ${n}`, suggestedDate: '2026-12-0' + n }));
      expect(plannedBreakdownSchema.safeParse({ tasks }).success).toBe(true);
      expect(breakdownResultSchema.safeParse({ tasks }).success).toBe(true);
    });
  });
});
