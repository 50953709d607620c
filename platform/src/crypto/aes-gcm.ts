import { createCipheriv, createDecipheriv, randomBytes, type KeyObject } from 'node:crypto';

export const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Random bytes drawn ahead, handed out once each: one CSPRNG call serves hundreds of ivs. */
const IV_POOL_BYTES = 4096;
let ivPool = Buffer.alloc(0);
let ivPoolOffset = 0;

/**
 * `count` fresh random ivs, as one buffer (iv n is bytes 12n to 12n + 12). They come from a pool of CSPRNG
 * output that is refilled, never reused: each byte is handed out once, so they are as fresh as separate
 * randomBytes(12) calls, without a call per seal (one call costs about as much as the seal itself).
 */
export function freshIvs(count: number): Buffer {
  const size = IV_BYTES * count;
  if (size > IV_POOL_BYTES) return randomBytes(size);
  if (ivPoolOffset + size > ivPool.length) {
    ivPool = randomBytes(IV_POOL_BYTES);
    ivPoolOffset = 0;
  }
  const ivs = ivPool.subarray(ivPoolOffset, ivPoolOffset + size);
  ivPoolOffset += size;
  return ivs;
}

/**
 * AES-256-GCM: iv (12 bytes) | tag (16 bytes) | ciphertext, after `prefix` when one is given (bytes the
 * caller wants in front, e.g. a header it also passes as the context). `context` is authenticated (bound
 * to it; a caller sealing many values under one context may pass it as a Buffer made once). `iv`: 12 fresh
 * random bytes (from freshIvs by default); never reuse one with the same key.
 */
export function seal(
  key: Buffer | KeyObject,
  plaintext: Buffer | string,
  context: string | Buffer,
  iv: Buffer = freshIvs(1),
  prefix?: Buffer,
): Buffer {
  if (iv.length !== IV_BYTES) throw new RangeError(`An AES-GCM iv here is ${IV_BYTES} bytes`);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(typeof context === 'string' ? Buffer.from(context, 'utf8') : context);
  const body = typeof plaintext === 'string' ? cipher.update(plaintext, 'utf8') : cipher.update(plaintext);
  const rest = cipher.final();
  const parts = [iv, cipher.getAuthTag(), body, rest];
  return Buffer.concat(prefix ? [prefix, ...parts] : parts);
}

/** Opens what `seal` made with the same key and context; throws when either differs or a byte changed. */
export function open(key: Buffer | KeyObject, sealed: Buffer, context: string | Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(typeof context === 'string' ? Buffer.from(context, 'utf8') : context);
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}
