import { describe, expect, it } from 'vitest';
import { eventRegistry } from '../event-catalogue';

const storedV1 = {
  type: 'GoalCreated',
  schemaVersion: 1,
  data: {
    goalId: 'goal_1',
    userId: 'user_1',
    title: 'Run a marathon',
    description: '',
    targetDate: null,
    createdAt: '2024-01-01T08:00:00.000Z',
  },
};

describe('GoalCreated upcasting', () => {
  it('is stored at schema version 2', () => {
    expect(eventRegistry.schemaVersionOf('GoalCreated')).toBe(2);
  });

  it('given a version 1 GoalCreated, when upcast, then category and priority get their defaults', () => {
    expect(eventRegistry.upcast(storedV1)).toEqual({
      type: 'GoalCreated',
      data: { ...storedV1.data, category: 'personal', priority: 'medium' },
    });
  });

  it('given a version 2 GoalCreated, when upcast, then it is returned as stored', () => {
    const data = { ...storedV1.data, category: 'health', priority: 'high' };
    expect(eventRegistry.upcast({ type: 'GoalCreated', schemaVersion: 2, data })).toEqual({
      type: 'GoalCreated',
      data,
    });
  });

  it('given a malformed version 1 GoalCreated, when upcast, then it is rejected', () => {
    expect(() => eventRegistry.upcast({ ...storedV1, data: { ...storedV1.data, title: '' } })).toThrow();
  });
});
