import { describe, expect, it } from 'vitest';
import { pickSelectedGoalId } from './selected-goal';

describe('selected goal', () => {
  const goals = [{ id: 'a' }, { id: 'b' }];
  it('uses the saved lastViewedGoalId when it is still present', () =>
    expect(pickSelectedGoalId(goals, 'b', true)).toBe('b'));
  it('falls back to the first goal', () => {
    expect(pickSelectedGoalId(goals, 'gone', true)).toBe('a');
    expect(pickSelectedGoalId(goals, null, true)).toBe('a');
  });
  it('signed-out uses the first goal', () => expect(pickSelectedGoalId(goals, 'b', false)).toBe('a'));
  it('is null without goals', () => expect(pickSelectedGoalId([], 'b', true)).toBeNull());
});
