import { describe, expect, it } from 'vitest';
import { resolveReturnUrl, siteOrigins } from './return-urls';

describe('return URLs', () => {
  const origins = siteOrigins({
    publicUrl: 'https://stride.app/',
    requestOrigin: 'http://127.0.0.1:3000',
    pageOrigin: 'http://localhost:5173',
  });

  it('resolves paths (and the default) against PUBLIC_URL', () => {
    expect(resolveReturnUrl(undefined, '/pricing', origins, 'cancelUrl')).toBe('https://stride.app/pricing');
    expect(resolveReturnUrl('/payment-success?success=true', '/x', origins, 'successUrl')).toBe(
      'https://stride.app/payment-success?success=true',
    );
    expect(resolveReturnUrl('  ', '/pricing', origins, 'cancelUrl')).toBe('https://stride.app/pricing');
  });

  it('accepts absolute URLs of the site’s own origins', () => {
    expect(resolveReturnUrl('http://localhost:5173/user-profile', '/', origins, 'returnUrl')).toBe(
      'http://localhost:5173/user-profile',
    );
    expect(resolveReturnUrl('http://127.0.0.1:3000/pricing', '/', origins, 'returnUrl')).toBe(
      'http://127.0.0.1:3000/pricing',
    );
  });

  it.each([
    'https://evil.example/x',
    '//evil.example/x',
    'javascript:alert(1)',
    'not a url',
    '/\\evil.example/x',
    '\\\\evil.example/x',
    '/\t/evil.example/x',
    '/\n/evil.example/x',
    '\t//evil.example/x',
    'https://stride.app@evil.example/x',
    'https:evil.example/x',
  ])('refuses %s', (value) => {
    expect(() => resolveReturnUrl(value, '/', origins, 'returnUrl')).toThrow(
      expect.objectContaining({ code: 'validation', details: { field: 'returnUrl' } }),
    );
  });

  it('keeps odd but same-site paths on the site', () => {
    expect(resolveReturnUrl('/%5C/evil.example/x', '/', origins, 'returnUrl')).toBe(
      'https://stride.app/%5C/evil.example/x',
    );
  });

  it('uses the request’s origin when PUBLIC_URL is not set, and ignores an opaque page origin', () => {
    const local = siteOrigins({ requestOrigin: 'http://127.0.0.1:3000', pageOrigin: 'null' });
    expect(local).toEqual({ primary: 'http://127.0.0.1:3000', allowed: ['http://127.0.0.1:3000'] });
  });
});
