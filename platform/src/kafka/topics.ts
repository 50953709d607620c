import type { Kafka } from 'kafkajs';

/**
 * One topic per event category, keyed by user id: `stride.goals`, `stride.tasks`, ... (the categories are
 * the domain's, `topicCategoryValues` in domain/src/event-catalogue.ts).
 */
export const domainTopic = (category: string): string => `stride.${category}`;

/** Product events tracked by the browser. */
export const TRACKED_EVENTS_TOPIC = 'analytics.events';

export const DEFAULT_PARTITIONS = 6;

/** Record headers the relay sets on every domain event. */
export const HEADERS = {
  eventId: 'event-id',
  eventType: 'event-type',
  position: 'position',
  transactionId: 'transaction-id',
  streamId: 'stream-id',
} as const;

/**
 * Creates the topics that do not exist yet (idempotent; brokers with auto-creation off need it). Returns the
 * topics it had to create: after the first start, a non-empty answer means the broker lost them.
 */
export async function ensureTopics(
  kafka: Kafka,
  topics: readonly string[],
  numPartitions: number = DEFAULT_PARTITIONS,
): Promise<string[]> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = topics.filter((topic) => !existing.has(topic));
    if (missing.length === 0) return [];
    try {
      await admin.createTopics({ topics: missing.map((topic) => ({ topic, numPartitions })), waitForLeaders: true });
    } catch (error) {
      // Another process created them first.
      if (!String((error as Error).message).includes('already exists')) throw error;
    }
    return missing;
  } finally {
    await admin.disconnect();
  }
}

/** Exponential backoff with jitter (50-100% of the step), so restarting clients do not retry in step. */
export function jitteredBackoff(attempt: number, baseMs = 250, maxMs = 15_000): number {
  const step = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.round(step * (0.5 + Math.random() / 2));
}
