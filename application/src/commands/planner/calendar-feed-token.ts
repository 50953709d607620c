import { createHash, randomBytes } from 'node:crypto';

/** A new feed token: 32 random bytes, URL-safe. */
export const newFeedToken = (): string => randomBytes(32).toString('base64url');

/** What is stored of a token: its SHA-256, hex (the log and the read model never hold the token). */
export const feedTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
