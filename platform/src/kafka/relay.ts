import { Partitioners, type Kafka, type Message, type Producer } from 'kafkajs';
import type { Logger } from '../logger';
import type { Pool } from '../postgres/pool';
import type { PostgresEventStore } from '../event-store/event-store';
import { LOG_START, type StoredEvent } from '../event-store/types';
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
  /** How often the relay checks that the broker still holds what it published (default 5 s). */
  readonly brokerCheckMs?: number;
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
 *
 * A broker that comes back empty (restarted without its data) is survived: after a failed send the relay
 * ensures its topics, and when it had to create any, the broker lost what it held, so the relay rewinds its
 * checkpoint to the start of the log and publishes everything again (consumers collapse the repeats by event
 * id). That costs a full re-publish; persistent Kafka logs (docker-compose.yml) make it rare.
 */
export class KafkaRelay {
  private producer: Producer | null = null;
  private readonly consumer: LogConsumer;
  private published = 0;
  private lastPublishedAt: string | null = null;
  private started = false;
  private republishes = 0;
  /** Sum of the topics' end offsets at the last check (null: not checked yet). */
  private heldRecords: bigint | null = null;
  private checkTimer: NodeJS.Timeout | null = null;

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
    await this.ensureTopics();
    await this.consumer.start();
    this.started = true;
    const check = () =>
      this.checkBroker().catch((error: unknown) =>
        this.options.logger.debug({ err: error }, 'broker check failed (broker away?)'),
      );
    void check();
    this.checkTimer = setInterval(() => void check(), this.options.brokerCheckMs ?? 5_000);
    this.checkTimer.unref();
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.checkTimer) clearInterval(this.checkTimer);
    this.checkTimer = null;
    await this.consumer.stop();
    await this.resetProducer();
  }

  /** Resolves once the event at `position` is acknowledged by the broker and checkpointed. */
  waitFor(position: number, timeoutMs?: number): Promise<void> {
    return this.consumer.waitFor(position, timeoutMs);
  }

  /** 'down' when not running; `lag` (positions behind the log head) when the head is given. */
  health(headPosition?: number): ComponentHealth {
    const status = this.consumer.status();
    return {
      status: !this.started || !status.running ? 'down' : status.consecutiveFailures > 0 ? 'degraded' : 'up',
      mode: 'kafka',
      running: this.started && status.running,
      leader: status.leader,
      position: status.position,
      ...(headPosition !== undefined && status.leader && { lag: Math.max(0, headPosition - status.position) }),
      republishes: this.republishes,
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
      await this.recoverLostTopics(error as Error);
      throw error;
    }
    this.published += events.length;
    this.lastPublishedAt = new Date().toISOString();
  }

  private ensureTopics(): Promise<string[]> {
    return ensureTopics(this.options.kafka, this.options.topics, this.options.partitions ?? DEFAULT_PARTITIONS);
  }

  /** After a failed send: re-creates lost topics and checks that the broker still holds the log. */
  private async recoverLostTopics(sendError: Error): Promise<void> {
    this.options.logger.debug({ err: sendError }, 'relay send failed: checking the broker');
    await this.checkBroker().catch(() => undefined); // still away: the consumer retries with backoff
  }

  /**
   * Detects a broker that lost records: topics missing, the sum of the topics' end offsets smaller than last
   * seen, or (first check) smaller than the number of events up to the checkpoint. Then the relay publishes
   * the whole log again from the start.
   */
  async checkBroker(): Promise<void> {
    const created = await this.ensureTopics();
    const admin = this.options.kafka.admin();
    await admin.connect();
    let held = 0n;
    try {
      for (const topic of this.options.topics) {
        for (const offsets of await admin.fetchTopicOffsets(topic)) held += BigInt(offsets.high);
      }
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
    const { position, leader } = this.consumer.status();
    if (this.heldRecords === null && !leader && created.length === 0) return; // compare once we lead
    let lost: string | null = created.length > 0 ? `topics re-created: ${created.join(', ')}` : null;
    if (!lost && this.heldRecords !== null && held < this.heldRecords) {
      lost = `the topics hold ${held} records, ${this.heldRecords} before`;
    }
    if (!lost && this.heldRecords === null && leader && position > 0) {
      const { rows } = await this.options.pool.query<{ n: string }>(
        'SELECT count(*)::text AS n FROM events WHERE global_position <= $1',
        [position],
      );
      const relayed = BigInt(rows[0]?.n ?? '0');
      if (held < relayed) lost = `the topics hold ${held} records, ${relayed} events were relayed`;
    }
    this.heldRecords = held;
    if (!lost) return;
    this.republishes += 1;
    this.heldRecords = null;
    this.options.logger.warn({ reason: lost }, 'the broker lost records: publishing the log again from the start');
    this.consumer.requestRewind(LOG_START);
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
