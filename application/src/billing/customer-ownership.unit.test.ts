import { describe, expect, it } from 'vitest';
import { sameEmail } from './customer-ownership';

describe('sameEmail (issue 11: never claim a customer on an empty email)', () => {
  it('matches one address however it is cased or padded', () => {
    expect(sameEmail(' Ann@Example.com', 'ann@example.com ')).toBe(true);
    expect(sameEmail('ann@example.com', 'bob@example.com')).toBe(false);
  });

  it('never matches an empty or missing email, not even another empty one', () => {
    expect(sameEmail('', '')).toBe(false);
    expect(sameEmail('  ', '')).toBe(false);
    expect(sameEmail(null, null)).toBe(false);
    expect(sameEmail(undefined, 'a@example.com')).toBe(false);
  });
});
