import { createCipheriv, createDecipheriv, randomBytes, type KeyObject } from 'node:crypto';

export const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Random bytes drawn ahead, handed out once each: one CSPRNG call serves hundreds of ivs. */
const IV_POOL_BYTES = 4096;
let ivPool = Buffer.alloc(0);
let ivPoolOffset = 0;

/**
 * A fresh random iv. It comes from a pool of CSPRNG output that is refilled, never reused: each byte is handed
 * out once, so it is as fresh as a randomBytes(12) call, without a call per seal (one call costs about as
 * much as the seal itself).
 */
export function freshIv(): Buffer {
  if (ivPoolOffset + IV_BYTES > ivPool.length) {
    ivPool = randomBytes(IV_POOL_BYTES);
    ivPoolOffset = 0;
  }
  const iv = ivPool.subarray(ivPoolOffset, ivPoolOffset + IV_BYTES);
  ivPoolOffset += IV_BYTES;
  return iv;
}

/**
 * AES-256-GCM with a fresh iv: iv (12 bytes) | tag (16 bytes) | ciphertext, after `prefix` when one is given
 * (bytes the caller wants in front, e.g. a header it also passes as the context). `context` is authenticated
 * (bound to it; a caller sealing many values under one context may pass it as a Buffer made once).
 */
export function seal(
  key: Buffer | KeyObject,
  plaintext: Buffer | string,
  context: string | Buffer,
  prefix?: Buffer,
): Buffer {
  const iv = freshIv();
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
