import { describe, expect, it } from 'vitest';
import { goalStatusValues } from '@stride/domain/goals/goal-events';
import { goalStatusLabel } from './goal-status';

describe('goalStatusLabel', () => {
  it('given each status the domain declares, then it reads in sentence case', () => {
    expect(goalStatusValues.map(goalStatusLabel)).toEqual(['Active', 'Completed', 'Abandoned']);
  });

  it('given a status this build does not know, then it reads as sent (never blank, never a prototype key)', () => {
    expect(goalStatusLabel('paused')).toBe('paused');
    expect(goalStatusLabel('toString')).toBe('toString');
  });
});
