import type { IHeaders, Message } from 'kafkajs';
import { z } from 'zod';
import type { StoredEvent } from '../event-store/types';
import { HEADERS } from './topics';

/** A stored event as it travels on a domain topic: the value is the event as the log holds it. */
const storedEventSchema = z.object({
  globalPosition: z.number().int().nonnegative(),
  transactionId: z.string().regex(/^\d+$/),
  streamId: z.string().min(1),
  streamVersion: z.number().int().positive(),
  eventId: z.string().min(1),
  type: z.string().min(1),
  schemaVersion: z.number().int().positive(),
  data: z.unknown(),
  metadata: z
    .object({
      userId: z.string(),
      correlationId: z.string(),
      causationId: z.string().nullable(),
      schemaVersion: z.number().int(),
      recordedAt: z.string(),
    })
    .catchall(z.unknown()),
  recordedAt: z.string(),
});

/**
 * A domain-topic record: keyed by the user the event belongs to (by default the user in its metadata), so
 * each user's events stay in order within a topic.
 */
export function toKafkaMessage(event: StoredEvent, key: string = event.metadata.userId): Message {
  const headers: IHeaders = {
    [HEADERS.eventId]: event.eventId,
    [HEADERS.eventType]: event.type,
    [HEADERS.position]: String(event.globalPosition),
    [HEADERS.transactionId]: event.transactionId,
    [HEADERS.streamId]: event.streamId,
  };
  return { key, value: JSON.stringify(event), headers };
}

/** Parses and validates a domain-topic record value; throws on anything that is not a stored event. */
export function fromKafkaValue(value: Buffer | null): StoredEvent {
  if (value === null) throw new Error('Domain event record without a value');
  const parsed = storedEventSchema.parse(JSON.parse(value.toString('utf8')));
  return { ...parsed, data: parsed.data ?? null };
}
