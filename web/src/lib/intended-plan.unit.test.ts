import { describe, expect, it } from 'vitest';
import { clearIntendedPlan, readIntendedPlan, rememberIntendedPlan, signUpHref } from './intended-plan';

describe('intended plan (Start with Pro through sign-up)', () => {
  it('is kept for an hour in this tab, never for free', () => {
    rememberIntendedPlan('pro', 1_000);
    expect(readIntendedPlan(1_000 + 59 * 60_000)).toBe('pro');
    expect(readIntendedPlan(1_000 + 61 * 60_000)).toBeNull();
    clearIntendedPlan();
    rememberIntendedPlan('free');
    expect(readIntendedPlan()).toBeNull();
    expect(signUpHref('pro')).toBe('/sign-up?plan=pro');
    expect(signUpHref('free')).toBe('/sign-up');
  });
});
