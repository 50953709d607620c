import { createCipheriv, createDecipheriv, randomBytes, type KeyObject } from 'node:crypto';

export const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM: iv (12 bytes) | tag (16 bytes) | ciphertext. `context` is authenticated (bound to it). `iv`:
 * 12 fresh random bytes (a caller sealing many values may draw them from one randomBytes call); never reuse
 * one with the same key.
 */
export function seal(
  key: Buffer | KeyObject,
  plaintext: Buffer,
  context: string,
  iv: Buffer = randomBytes(IV_BYTES),
): Buffer {
  if (iv.length !== IV_BYTES) throw new RangeError(`An AES-GCM iv here is ${IV_BYTES} bytes`);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Opens what `seal` made with the same key and context; throws when either differs or a byte changed. */
export function open(key: Buffer, sealed: Buffer, context: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}
