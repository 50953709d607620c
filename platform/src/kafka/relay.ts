import { Partitioners, type Kafka, type Message, type Producer } from 'kafkajs';
import type { Logger } from '../logger';
import type { Pool } from '../postgres/pool';
import type { PostgresEventStore } from '../event-store/event-store';
import type { StoredEvent } from '../event-store/types';
import type { ComponentHealth } from '../bus/event-bus';
import { LogConsumer } from '../bus/log-consumer';
import { toKafkaMessage } from './stored-event-message';
import { DEFAULT_PARTITIONS, ensureTopics } from './topics';

export interface KafkaRelayOptions {
  readonly kafka: Kafka;
  readonly pool: Pool;
  readonly store: PostgresEventStore;
  /** The topic of an event (one per category). */
  readonly topicOf: (event: StoredEvent) => string;
  /** The partition key of an event: the user it belongs to (default: the user in its metadata). */
  readonly keyOf?: (event: StoredEvent) => string;
  /** Every topic `topicOf` can answer, created at start. */
  readonly topics: readonly string[];
  readonly logger: Logger;
  readonly id?: string;
  readonly batchSize?: number;
  readonly pollIntervalMs?: number;
  readonly leaseMs?: number;
  readonly partitions?: number;
}

/**
 * The outbox relay: publishes every committed event of the PostgreSQL log to Kafka, in log order, keyed by
 * user id, with the event id, type, position and transaction id in the headers. It reads through a
 * LogConsumer and checkpoints a batch only after the broker has acknowledged all of it (acks = all,
 * idempotent producer, one request in flight), so delivery is at least once and each user's events keep
 * their order. While the broker is down the send fails, nothing is checkpointed, the log keeps the events,
 * and the relay retries with backoff from the same checkpoint until the broker is back. After a failed send
 * the producer is replaced, so a re-send never trips over stale idempotence sequence numbers; consumers
 * de-duplicate what a re-send repeats.
 */
export class KafkaRelay {
  private producer: Producer | null = null;
  private readonly consumer: LogConsumer;
  private published = 0;
  private lastPublishedAt: string | null = null;

  constructor(private readonly options: KafkaRelayOptions) {
    this.consumer = new LogConsumer(options.pool, options.store, {
      id: options.id ?? 'kafka-relay',
      handle: (events) => this.publish(events),
      batchSize: options.batchSize ?? 500,
      pollIntervalMs: options.pollIntervalMs,
      leaseMs: options.leaseMs,
      logger: options.logger,
    });
  }

  async start(): Promise<void> {
    await ensureTopics(this.options.kafka, this.options.topics, this.options.partitions ?? DEFAULT_PARTITIONS);
    await this.consumer.start();
  }

  async stop(): Promise<void> {
    await this.consumer.stop();
    await this.resetProducer();
  }

  /** Resolves once the event at `position` is acknowledged by the broker and checkpointed. */
  waitFor(position: number, timeoutMs?: number): Promise<void> {
    return this.consumer.waitFor(position, timeoutMs);
  }

  health(): ComponentHealth {
    const status = this.consumer.status();
    return {
      status: status.consecutiveFailures > 0 ? 'degraded' : 'up',
      mode: 'kafka',
      leader: status.leader,
      position: status.position,
      published: this.published,
      lastPublishedAt: this.lastPublishedAt,
      lastError: status.lastError,
    };
  }

  private async publish(events: readonly StoredEvent[]): Promise<void> {
    const byTopic = new Map<string, Message[]>();
    for (const event of events) {
      const topic = this.options.topicOf(event);
      const messages = byTopic.get(topic) ?? [];
      messages.push(toKafkaMessage(event, this.options.keyOf?.(event)));
      byTopic.set(topic, messages);
    }
    const producer = await this.connectedProducer();
    try {
      await producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
      });
    } catch (error) {
      await this.resetProducer();
      throw error;
    }
    this.published += events.length;
    this.lastPublishedAt = new Date().toISOString();
  }

  private async connectedProducer(): Promise<Producer> {
    if (this.producer) return this.producer;
    const producer = this.options.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
      retry: { initialRetryTime: 100, maxRetryTime: 2_000, retries: 6 },
    });
    await producer.connect();
    this.producer = producer;
    return producer;
  }

  private async resetProducer(): Promise<void> {
    const producer = this.producer;
    this.producer = null;
    await producer?.disconnect().catch(() => undefined);
  }
}
