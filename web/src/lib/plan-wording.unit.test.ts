import { describe, expect, it } from 'vitest';
import { goalAllowanceText, usageValueText } from './plan-wording';

describe('plan wording', () => {
  it('describes the monthly goal allowance, never more used than allowed', () => {
    expect(goalAllowanceText(0, 1)).toBe('0 of 1 new goal used this month · 1 left');
    expect(goalAllowanceText(1, 1)).toBe('1 of 1 new goal used this month · 0 left');
    expect(goalAllowanceText(3, 10)).toBe('3 of 10 new goals used this month · 7 left');
    expect(goalAllowanceText(6, 1)).toBe('6 new goals this month · your plan includes 1 a month, none left');
    expect(goalAllowanceText(6, 1)).not.toContain('6 of 1');
    expect(goalAllowanceText(4, -1)).toBe('4 new goals this month · no monthly limit on your plan');
  });

  it('builds usage values for bars', () => {
    expect(usageValueText(1, 1)).toBe('1 of 1');
    expect(usageValueText(6, 1)).toBe('6 used · plan includes 1');
    expect(usageValueText(2, -1)).toBe('2 used · no limit');
  });
});
