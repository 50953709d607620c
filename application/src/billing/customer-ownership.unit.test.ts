import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameEmail } from './customer-ownership';

describe('sameEmail (issue 11: claim a customer only on the exact, non-empty email)', () => {
  it('matches only the exact address: not another case, not padded', () => {
    expect(sameEmail('ann@example.com', 'ann@example.com')).toBe(true);
    expect(sameEmail('Ann@Example.com', 'ann@example.com')).toBe(false);
    expect(sameEmail(' ann@example.com', 'ann@example.com')).toBe(false);
    expect(sameEmail('ann@example.com', 'ann@example.com ')).toBe(false);
    expect(sameEmail('ann@example.com', 'bob@example.com')).toBe(false);
  });

  it('is equality of non-empty strings, for any two strings', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(sameEmail(a, b)).toBe(a === b && a.trim() !== '');
      }),
    );
  });

  it('never matches an empty or missing email, not even another empty one', () => {
    expect(sameEmail('', '')).toBe(false);
    expect(sameEmail('  ', '')).toBe(false);
    expect(sameEmail(null, null)).toBe(false);
    expect(sameEmail(undefined, 'a@example.com')).toBe(false);
  });
});
