import {
  Partitioners,
  type Consumer,
  type ConsumerConfig,
  type EachBatchPayload,
  type Kafka,
  type Producer,
} from 'kafkajs';
import type { Logger } from '../logger';
import type { StoredEvent } from '../event-store/types';
import type {
  BatchContext,
  ComponentHealth,
  DomainEventConsumer,
  EventBus,
  MessageCodec,
  MessageConsumer,
} from '../bus/event-bus';
import { fromKafkaValue } from './stored-event-message';
import { DEFAULT_PARTITIONS, HEADERS, TRACKED_EVENTS_TOPIC, ensureTopics } from './topics';

export interface KafkaBusOptions<Message> {
  readonly kafka: Kafka;
  readonly codec: MessageCodec<Message>;
  readonly logger: Logger;
  /** Consumer groups are named `<groupPrefix>.<consumer id>` (default 'stride'). */
  readonly groupPrefix?: string;
  readonly domainTopics: readonly string[];
  readonly messagesTopic?: string;
  readonly partitions?: number;
  /** Overrides for the kafkajs consumers (tests shorten the session and rebalance timeouts). */
  readonly consumerConfig?: Partial<ConsumerConfig>;
  readonly partitionsConsumedConcurrently?: number;
}

interface RunningConsumer {
  readonly id: string;
  readonly group: string;
  readonly consumer: Consumer;
  batches: number;
  lastBatchAt: string | null;
  lastError: string | null;
  crashed: boolean;
}

/**
 * The Kafka implementation of the bus. Domain-event consumers form one consumer group each over the domain
 * topics, the message consumers one group each over `analytics.events`. A batch is handed to the consumer
 * and its offset committed only after `handle` resolves, i.e. once its effects are durable: a crash in
 * between redelivers the batch, which the idempotent consumers absorb. `publish` produces to
 * `analytics.events` with acks from all in-sync replicas, keyed by user id.
 */
export class KafkaBus<Message> implements EventBus<Message> {
  readonly mode = 'kafka' as const;
  private readonly domainConsumers: DomainEventConsumer[] = [];
  private readonly messageConsumers: MessageConsumer<Message>[] = [];
  private readonly running: RunningConsumer[] = [];
  private producer: Producer | null = null;
  private producerError: string | null = null;

  constructor(private readonly options: KafkaBusOptions<Message>) {}

  private get messagesTopic(): string {
    return this.options.messagesTopic ?? TRACKED_EVENTS_TOPIC;
  }

  private get domainTopics(): readonly string[] {
    return this.options.domainTopics;
  }

  subscribeDomainEvents(consumer: DomainEventConsumer): void {
    this.domainConsumers.push(consumer);
  }

  subscribeMessages(consumer: MessageConsumer<Message>): void {
    this.messageConsumers.push(consumer);
  }

  async publish(messages: readonly Message[]): Promise<void> {
    if (messages.length === 0) return;
    const producer = this.producer;
    if (!producer) throw new Error('The Kafka bus is not started');
    const { codec } = this.options;
    try {
      await producer.send({
        topic: this.messagesTopic,
        acks: -1,
        messages: messages.map((message) => ({
          key: codec.keyOf(message),
          value: codec.encode(message),
          headers: { [HEADERS.eventId]: codec.idOf(message) },
        })),
      });
      this.producerError = null;
    } catch (error) {
      this.producerError = (error as Error).message;
      throw error;
    }
  }

  async start(options: { consume?: boolean } = {}): Promise<void> {
    const { kafka } = this.options;
    await ensureTopics(
      kafka,
      [...this.domainTopics, this.messagesTopic],
      this.options.partitions ?? DEFAULT_PARTITIONS,
    );
    const producer = kafka.producer({
      createPartitioner: Partitioners.DefaultPartitioner,
      allowAutoTopicCreation: false,
    });
    await producer.connect();
    this.producer = producer;
    if (!(options.consume ?? true)) return;
    for (const consumer of this.domainConsumers) {
      await this.run(consumer.id, this.domainTopics, (payload) => this.handleDomainBatch(consumer, payload));
    }
    for (const consumer of this.messageConsumers) {
      await this.run(consumer.id, [this.messagesTopic], (payload) => this.handleMessageBatch(consumer, payload));
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.running.map((running) => running.consumer.disconnect().catch(() => undefined)));
    this.running.length = 0;
    await this.producer?.disconnect().catch(() => undefined);
    this.producer = null;
  }

  async health(): Promise<ComponentHealth> {
    const consumers = this.running.map(({ id, group, batches, lastBatchAt, lastError, crashed }) => ({
      id,
      group,
      batches,
      lastBatchAt,
      lastError,
      crashed,
    }));
    const degraded =
      this.producerError !== null || consumers.some((consumer) => consumer.crashed || consumer.lastError);
    return {
      status: this.producer ? (degraded ? 'degraded' : 'up') : 'down',
      mode: this.mode,
      producerError: this.producerError,
      consumers,
    };
  }

  private async run(
    id: string,
    topics: readonly string[],
    eachBatch: (payload: EachBatchPayload, running: RunningConsumer) => Promise<void>,
  ): Promise<void> {
    const group = `${this.options.groupPrefix ?? 'stride'}.${id}`;
    const consumer = this.options.kafka.consumer({
      groupId: group,
      maxWaitTimeInMs: 100,
      allowAutoTopicCreation: false,
      ...this.options.consumerConfig,
    });
    const running: RunningConsumer = {
      id,
      group,
      consumer,
      batches: 0,
      lastBatchAt: null,
      lastError: null,
      crashed: false,
    };
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      running.crashed = true;
      running.lastError = payload.error.message;
      this.options.logger.error({ err: payload.error, group, restart: payload.restart }, 'kafka consumer crashed');
    });
    consumer.on(consumer.events.GROUP_JOIN, () => {
      running.crashed = false;
    });
    await consumer.connect();
    await consumer.subscribe({ topics: [...topics], fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently ?? 4,
      eachBatch: async (payload) => {
        try {
          await eachBatch(payload, running);
          running.lastError = null;
        } catch (error) {
          running.lastError = (error as Error).message;
          throw error;
        }
      },
    });
    this.running.push(running);
  }

  private async handleDomainBatch(consumer: DomainEventConsumer, payload: EachBatchPayload): Promise<void> {
    const events: StoredEvent[] = [];
    for (const message of payload.batch.messages) {
      try {
        events.push(fromKafkaValue(message.value));
      } catch (error) {
        this.skipMalformed(payload, message.offset, error);
      }
    }
    await this.deliver(payload, () => consumer.handle(events, this.contextOf(payload)));
  }

  private async handleMessageBatch(consumer: MessageConsumer<Message>, payload: EachBatchPayload): Promise<void> {
    const messages: Message[] = [];
    for (const message of payload.batch.messages) {
      try {
        if (message.value === null) throw new Error('record without a value');
        messages.push(this.options.codec.decode(message.value));
      } catch (error) {
        this.skipMalformed(payload, message.offset, error);
      }
    }
    await this.deliver(payload, () => consumer.handle(messages, this.contextOf(payload)));
  }

  private contextOf(payload: EachBatchPayload): BatchContext {
    return { caughtUp: payload.batch.offsetLag() === '0' };
  }

  /** Runs the handler (heartbeating while it waits), then commits the batch's offsets. */
  private async deliver(payload: EachBatchPayload, handle: () => Promise<void>): Promise<void> {
    const { batch } = payload;
    if (batch.isEmpty()) return;
    const heartbeat = setInterval(() => void payload.heartbeat().catch(() => undefined), 1_000);
    try {
      await handle();
    } finally {
      clearInterval(heartbeat);
    }
    const last = batch.lastOffset();
    payload.resolveOffset(last);
    if (!payload.isRunning() || payload.isStale()) return;
    await payload.commitOffsetsIfNecessary({
      topics: [
        { topic: batch.topic, partitions: [{ partition: batch.partition, offset: (BigInt(last) + 1n).toString() }] },
      ],
    });
  }

  private skipMalformed(payload: EachBatchPayload, offset: string, error: unknown): void {
    this.options.logger.error(
      { err: error, topic: payload.batch.topic, partition: payload.batch.partition, offset },
      'skipping a malformed record',
    );
  }
}
