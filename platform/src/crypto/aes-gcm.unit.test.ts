import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { freshIv, IV_BYTES, open, seal } from './aes-gcm';

describe('AES-256-GCM seal and open', () => {
  it('given any text and context, when sealed, then it opens to the same text with the context as a string or as bytes', () => {
    const key = randomBytes(32);
    fc.assert(
      fc.property(fc.string(), fc.string(), (text, context) => {
        const sealed = seal(key, text, context);
        expect(open(key, sealed, Buffer.from(context, 'utf8')).toString('utf8')).toBe(text);
        expect(
          open(key, seal(key, Buffer.from(text, 'utf8'), Buffer.from(context, 'utf8')), context).toString('utf8'),
        ).toBe(text);
      }),
      { numRuns: 200 },
    );
  });

  it('given a sealed value, when a byte of it or the context changes, then opening throws', () => {
    const key = randomBytes(32);
    const sealed = seal(key, 'Run a half marathon', 'stride-pii-v2:u-1');
    for (let index = 0; index < sealed.length; index += 7) {
      const changed = Buffer.from(sealed);
      changed[index] = changed[index]! ^ 1;
      expect(() => open(key, changed, 'stride-pii-v2:u-1')).toThrow();
    }
    expect(() => open(key, sealed, 'stride-pii-v2:u-2')).toThrow();
  });

  it('given many draws of fresh ivs, across refills of the pool, then no iv is ever handed out twice', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000 }), (count) => {
        const seen = new Set<string>();
        for (let n = 0; n < count; n += 1) {
          const iv = freshIv();
          expect(iv.length).toBe(IV_BYTES);
          seen.add(iv.toString('hex'));
        }
        expect(seen.size).toBe(count);
      }),
      { numRuns: 50 },
    );
  });

  it('given ivs handed out, when more are drawn across refills, then the ones handed out before are left as they were', () => {
    const first = freshIv();
    const copy = Buffer.from(first);
    for (let n = 0; n < 1000; n += 1) freshIv();
    expect(first.equals(copy)).toBe(true);
  });

  it('given the same text, context and key, when sealed twice, then the seals differ (a fresh iv each)', () => {
    const key = randomBytes(32);
    const a = seal(key, 'Read 12 books', 'ctx');
    const b = seal(key, 'Read 12 books', 'ctx');
    expect(a.subarray(0, IV_BYTES).equals(b.subarray(0, IV_BYTES))).toBe(false);
    expect(a.equals(b)).toBe(false);
  });
});
