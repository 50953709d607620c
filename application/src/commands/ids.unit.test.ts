import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { userScopedId, uuidV5 } from './ids';

describe('userScopedId', () => {
  it('is RFC 9562 UUIDv5 (the RFC example: DNS namespace, www.example.com)', () => {
    expect(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });

  it('the same user and key give the same id; another user gets another id for any key', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), fc.string(), (a, b, key) => {
        fc.pre(a !== b);
        const id = userScopedId(a, key);
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(userScopedId(a, key)).toBe(id);
        expect(userScopedId(b, key)).not.toBe(id);
        // naming the other user's derived id as a key does not reach it either
        expect(userScopedId(b, id)).not.toBe(id);
      }),
    );
  });
});
