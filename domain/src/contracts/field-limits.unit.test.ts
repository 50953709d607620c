import { describe, expect, it } from 'vitest';
import { goalForBreakdownSchema } from '../ai/breakdown';
import { goalCreated } from '../goals/goal-events';
import { createGoalBodySchema, updateGoalBodySchema } from './goals';

const text = (length: number) => 'x'.repeat(length);
const storedGoal = (category: string) => ({
  goalId: 'g1',
  userId: 'u1',
  title: 'Run',
  description: '',
  targetDate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  category,
  priority: 'medium',
});

describe('a goal category has one limit', () => {
  it.each([
    [50, true],
    [51, false],
  ])('of %i characters: accepted %s by the request, the stored event and the breakdown input alike', (length, ok) => {
    const category = text(length);
    expect(createGoalBodySchema.safeParse({ title: 'Run', category }).success).toBe(ok);
    expect(updateGoalBodySchema.safeParse({ goalId: 'g1', updates: { category } }).success).toBe(ok);
    expect(goalCreated.schema.safeParse(storedGoal(category)).success).toBe(ok);
    expect(goalForBreakdownSchema.safeParse({ title: 'Run', category }).success).toBe(ok);
  });
});
