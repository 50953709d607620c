import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { freshIvs, IV_BYTES, open, seal } from './aes-gcm';

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

  it('given many draws of fresh ivs of any sizes, across refills of the pool, then no iv is ever handed out twice', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 60 }), (counts) => {
        const seen = new Set<string>();
        let drawn = 0;
        for (const count of counts) {
          const ivs = freshIvs(count);
          expect(ivs.length).toBe(IV_BYTES * count);
          for (let n = 0; n < count; n += 1) seen.add(ivs.subarray(IV_BYTES * n, IV_BYTES * (n + 1)).toString('hex'));
          drawn += count;
        }
        expect(seen.size).toBe(drawn);
      }),
      { numRuns: 50 },
    );
  });

  it('given ivs handed out, when more are drawn, then the ones handed out before are left as they were', () => {
    const first = freshIvs(3);
    const copy = Buffer.from(first);
    for (let n = 0; n < 1000; n += 1) freshIvs(5);
    expect(first.equals(copy)).toBe(true);
  });
});
