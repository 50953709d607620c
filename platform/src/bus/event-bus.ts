import type { StoredEvent } from '../event-store/types';

/**
 * The event bus: how the analytics consumers receive the domain events of the PostgreSQL log and the
 * product events tracked by the browser. One interface, two implementations:
 * - `kafka` (KAFKA_BROKERS set): a relay publishes the log to one topic per category, tracked events are
 *   produced to `analytics.events`, and consumers run in consumer groups;
 * - `postgres-log` (the embedded default): the same consumers read the log directly, and tracked events go
 *   straight to their consumers.
 * Delivery is at least once in both: a consumer must be idempotent by event id, and a batch counts as
 * consumed only once its `handle` has resolved (its effects are durable).
 */

export type BusMode = 'postgres-log' | 'kafka';

export interface BatchContext {
  /**
   * True when nothing more is waiting behind this batch right now (the consumer has caught up). A batching
   * consumer can write at once instead of waiting for more rows.
   */
  readonly caughtUp: boolean;
}

export interface DomainEventConsumer {
  /** Stable id: the consumer group (Kafka) or checkpoint (log) it resumes from. */
  readonly id: string;
  handle(events: readonly StoredEvent[], context: BatchContext): Promise<void>;
}

export interface MessageConsumer<Message> {
  readonly id: string;
  handle(messages: readonly Message[], context: BatchContext): Promise<void>;
}

/** How a tracked message travels on a broker. */
export interface MessageCodec<Message> {
  /** Partition key (the user id): one user's messages stay in order. */
  keyOf(message: Message): string;
  idOf(message: Message): string;
  encode(message: Message): string;
  /** Parses and validates; throws on a malformed message. */
  decode(value: Buffer): Message;
}

export type HealthStatus = 'up' | 'degraded' | 'down';

export interface ComponentHealth {
  readonly status: HealthStatus;
  readonly mode: string;
  readonly [detail: string]: unknown;
}

export interface EventBus<Message> {
  readonly mode: BusMode;
  /** Publishes tracked messages; resolves once they are durable (broker acks, or stored by the consumers). */
  publish(messages: readonly Message[]): Promise<void>;
  /** Registers a consumer of the domain events; call before `start`. */
  subscribeDomainEvents(consumer: DomainEventConsumer): void;
  /** Registers a consumer of the tracked messages; call before `start`. */
  subscribeMessages(consumer: MessageConsumer<Message>): void;
  /** Connects the publisher and, when `consume` (default true), starts the registered consumers. */
  start(options?: { consume?: boolean }): Promise<void>;
  stop(): Promise<void>;
  health(): Promise<ComponentHealth>;
}
