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
import { DEFAULT_PARTITIONS, HEADERS, TRACKED_EVENTS_TOPIC, ensureTopics, jitteredBackoff } from './topics';

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
  readonly topics: readonly string[];
  readonly eachBatch: (payload: EachBatchPayload) => Promise<void>;
  consumer: Consumer;
  batches: number;
  messages: number;
  lastBatchAt: string | null;
  lastError: string | null;
  /** Crashed and not (yet) running again. */
  crashed: boolean;
  restarts: number;
  /** Consecutive failures since the last good batch or group join (drives the backoff). */
  failures: number;
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
  private consuming = false;
  private stopping = false;

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
      // A broker that lost the topic (restarted empty): create it again for the caller's retry.
      if (isUnknownTopic(error)) await this.ensureTopics().catch(() => undefined);
      throw error;
    }
  }

  private ensureTopics(): Promise<string[]> {
    return ensureTopics(
      this.options.kafka,
      [...this.domainTopics, this.messagesTopic],
      this.options.partitions ?? DEFAULT_PARTITIONS,
    );
  }

  async start(options: { consume?: boolean } = {}): Promise<void> {
    const { kafka } = this.options;
    this.stopping = false;
    await this.ensureTopics();
    const producer = kafka.producer({
      createPartitioner: Partitioners.DefaultPartitioner,
      allowAutoTopicCreation: false,
    });
    // Topics are ensured on every (re)connect: a broker that came back empty gets them again.
    producer.on(producer.events.CONNECT, () => void this.ensureTopics().catch(() => undefined));
    await producer.connect();
    this.producer = producer;
    if (!(options.consume ?? true)) return;
    this.consuming = true;
    for (const consumer of this.domainConsumers) {
      await this.run(consumer.id, this.domainTopics, (payload) => this.handleDomainBatch(consumer, payload));
    }
    for (const consumer of this.messageConsumers) {
      await this.run(consumer.id, [this.messagesTopic], (payload) => this.handleMessageBatch(consumer, payload));
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.consuming = false;
    await Promise.all(this.running.map((running) => running.consumer.disconnect().catch(() => undefined)));
    this.running.length = 0;
    await this.producer?.disconnect().catch(() => undefined);
    this.producer = null;
  }

  /**
   * 'down' without a producer, or, in a consuming process, when a consumer is not running (crashed and not
   * yet back); 'degraded' when the last send or batch failed.
   */
  async health(): Promise<ComponentHealth> {
    const consumers = this.running.map(
      ({ id, group, batches, messages, lastBatchAt, lastError, crashed, restarts }) => ({
        id,
        group,
        running: !crashed,
        batches,
        messages,
        lastBatchAt,
        lastError,
        restarts,
      }),
    );
    const notRunning = this.consuming && consumers.some((consumer) => !consumer.running);
    const degraded = this.producerError !== null || consumers.some((consumer) => consumer.lastError);
    return {
      status: !this.producer || notRunning ? 'down' : degraded ? 'degraded' : 'up',
      mode: this.mode,
      consuming: this.consuming,
      producerError: this.producerError,
      consumers,
    };
  }

  private async run(
    id: string,
    topics: readonly string[],
    eachBatch: (payload: EachBatchPayload) => Promise<void>,
  ): Promise<void> {
    const group = `${this.options.groupPrefix ?? 'stride'}.${id}`;
    const running: RunningConsumer = {
      id,
      group,
      topics,
      eachBatch,
      consumer: null as unknown as Consumer,
      batches: 0,
      messages: 0,
      lastBatchAt: null,
      lastError: null,
      crashed: false,
      restarts: 0,
      failures: 0,
    };
    this.running.push(running);
    await this.startConsumer(running);
  }

  /**
   * Creates, connects and runs the kafkajs consumer of `running`. On a crash it backs off with jitter and
   * ensures the topics before kafkajs restarts it; a crash kafkajs does not restart from (not retriable) is
   * restarted here, with the same backoff, until the bus stops.
   */
  private async startConsumer(running: RunningConsumer): Promise<void> {
    const { group } = running;
    const consumer = this.options.kafka.consumer({
      groupId: group,
      maxWaitTimeInMs: 100,
      allowAutoTopicCreation: false,
      ...this.options.consumerConfig,
      retry: {
        initialRetryTime: 100,
        maxRetryTime: 5_000,
        retries: 8,
        ...this.options.consumerConfig?.retry,
        restartOnFailure: async (error) => {
          await this.backOff(running, error);
          return !this.stopping;
        },
      },
    });
    running.consumer = consumer;
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      running.crashed = true;
      running.lastError = payload.error.message;
      this.options.logger.error(
        { err: payload.error, group, restart: payload.restart, failures: running.failures },
        'kafka consumer crashed',
      );
      if (!payload.restart && !this.stopping) void this.restartConsumer(running, consumer);
    });
    consumer.on(consumer.events.GROUP_JOIN, () => {
      running.crashed = false;
      running.failures = 0;
    });
    await consumer.connect();
    await consumer.subscribe({ topics: [...running.topics], fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently ?? 4,
      eachBatch: async (payload) => {
        try {
          await running.eachBatch(payload);
          if (!payload.batch.isEmpty()) {
            running.batches += 1;
            running.messages += payload.batch.messages.length;
            running.lastBatchAt = new Date().toISOString();
          }
          running.lastError = null;
          running.failures = 0;
        } catch (error) {
          running.lastError = (error as Error).message;
          throw error;
        }
      },
    });
  }

  /** Waits a jittered, growing delay, then ensures the topics (a broker that came back empty lacks them). */
  private async backOff(running: RunningConsumer, error: Error): Promise<void> {
    running.crashed = true;
    running.lastError = error.message;
    running.failures += 1;
    running.restarts += 1;
    const delay = jitteredBackoff(running.failures - 1);
    this.options.logger.warn({ group: running.group, delay, err: error }, 'kafka consumer backing off');
    await new Promise((resolve) => setTimeout(resolve, delay).unref());
    if (this.stopping) return;
    await this.ensureTopics().catch((ensureError: unknown) =>
      this.options.logger.warn({ err: ensureError }, 'could not ensure the topics (broker away?)'),
    );
  }

  private async restartConsumer(running: RunningConsumer, crashed: Consumer): Promise<void> {
    await crashed.disconnect().catch(() => undefined);
    while (!this.stopping) {
      await this.backOff(running, new Error(running.lastError ?? 'consumer stopped'));
      if (this.stopping) return;
      try {
        await this.startConsumer(running);
        return;
      } catch (error) {
        running.lastError = (error as Error).message;
        await running.consumer.disconnect().catch(() => undefined);
      }
    }
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

function isUnknownTopic(error: unknown): boolean {
  for (let cause = error as { type?: string; message?: string; cause?: unknown } | undefined; cause;) {
    if (
      cause.type === 'UNKNOWN_TOPIC_OR_PARTITION' ||
      /topic.*(does not|not) (exist|present)/i.test(cause.message ?? '')
    )
      return true;
    cause = cause.cause as typeof cause;
  }
  return false;
}
