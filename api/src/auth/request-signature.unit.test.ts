import { describe, expect, it } from 'vitest';
import { checkSignature, signBody } from './request-signature';

const secret = 'shh';
const now = 1_800_000_000_000;
const body = '{"title":"x"}';
const check = (overrides: Partial<Parameters<typeof checkSignature>[0]>) =>
  checkSignature({
    secret,
    maxSkewSeconds: 300,
    now,
    timestamp: String(now),
    signature: signBody(secret, String(now), body),
    rawBody: body,
    ...overrides,
  });

describe('request signatures', () => {
  it('accepts the HMAC of timestamp.body within the skew', () => {
    expect(check({})).toBeNull();
    expect(
      check({ timestamp: String(now - 299_000), signature: signBody(secret, String(now - 299_000), body) }),
    ).toBeNull();
  });
  it('refuses missing headers, stale or malformed timestamps, and any change', () => {
    expect(check({ signature: undefined })).toBe('missing');
    expect(check({ timestamp: undefined })).toBe('missing');
    expect(check({ timestamp: String(now - 301_000), signature: signBody(secret, String(now - 301_000), body) })).toBe(
      'stale',
    );
    expect(check({ timestamp: 'soon' })).toBe('stale');
    expect(check({ rawBody: '{"title":"y"}' })).toBe('mismatch');
    expect(check({ signature: 'zz' })).toBe('mismatch');
    expect(check({ signature: signBody('other', String(now), body) })).toBe('mismatch');
  });
});
