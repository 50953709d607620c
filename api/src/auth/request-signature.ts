import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Request signing (REQUEST_SIGNING_SECRET): a request with a body carries `x-request-timestamp` (ms since
 * the epoch) and `x-request-signature` = hex HMAC-SHA256 of `${timestamp}.${rawBody}`. The timestamp must
 * be within REQUEST_MAX_SKEW_SECONDS of the server's clock, which bounds how long a captured request can
 * be replayed (Idempotency-Key makes a replay inside the window harmless for commands).
 */
export const signBody = (secret: string, timestamp: string, rawBody: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

export type SignatureProblem = 'missing' | 'stale' | 'mismatch';

export function checkSignature(input: {
  readonly secret: string;
  readonly maxSkewSeconds: number;
  readonly now: number;
  readonly timestamp: string | undefined;
  readonly signature: string | undefined;
  readonly rawBody: string;
}): SignatureProblem | null {
  const { timestamp, signature } = input;
  if (!timestamp || !signature) return 'missing';
  if (!/^\d{1,16}$/.test(timestamp)) return 'stale';
  if (Math.abs(input.now - Number(timestamp)) > input.maxSkewSeconds * 1000) return 'stale';
  const expected = Buffer.from(signBody(input.secret, timestamp, input.rawBody), 'hex');
  const given = /^[0-9a-f]+$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : 'mismatch';
}

export const constantTimeEquals = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
