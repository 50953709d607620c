import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectedVersionOf, ifMatchVersion } from './if-match';

const request = (ifMatch?: string) =>
  ({ headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } }) as FastifyRequest;

describe('If-Match', () => {
  it('reads "3", W/"3" and 3; * and absent mean no expectation', () => {
    expect(ifMatchVersion(request('"3"'))).toBe(3);
    expect(ifMatchVersion(request('W/"3"'))).toBe(3);
    expect(ifMatchVersion(request('3'))).toBe(3);
    expect(ifMatchVersion(request('*'))).toBeUndefined();
    expect(ifMatchVersion(request())).toBeUndefined();
    expect(() => ifMatchVersion(request('"abc"'))).toThrow(/If-Match/);
  });
  it('a body expectedVersion must agree with the header', () => {
    expect(expectedVersionOf(request('"2"'), undefined)).toBe(2);
    expect(expectedVersionOf(request(), 5)).toBe(5);
    expect(expectedVersionOf(request('"5"'), 5)).toBe(5);
    expect(() => expectedVersionOf(request('"4"'), 5)).toThrow(/disagree/);
  });
});
