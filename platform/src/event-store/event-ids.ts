import { createHash, randomUUID } from 'node:crypto';

/**
 * Deterministic event ids (UUID v5-style, SHA-1 over a namespace and a name). A command retried with the
 * same idempotency key yields the same event ids, so the store's unique index turns the retry into a no-op.
 */
export function deterministicEventId(name: string): string {
  const hash = createHash('sha1').update('stride-event-id:').update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export const newEventId = (): string => randomUUID();
