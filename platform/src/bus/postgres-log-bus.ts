import type { Logger } from '../logger';
import type { Pool } from '../postgres/pool';
import type { PostgresEventStore } from '../event-store/event-store';
import type { ComponentHealth, DomainEventConsumer, EventBus, MessageConsumer } from './event-bus';
import { LogConsumer } from './log-consumer';

export interface PostgresLogBusOptions {
  readonly pool: Pool;
  readonly store: PostgresEventStore;
  readonly logger?: Logger;
  readonly batchSize?: number;
  readonly pollIntervalMs?: number;
  readonly leaseMs?: number;
}

/**
 * The embedded bus (no KAFKA_BROKERS): each domain-event consumer reads the PostgreSQL log itself through a
 * LogConsumer checkpointed under `bus:<id>`, and published messages go straight to the message consumers
 * (`publish` resolves once they have stored them).
 */
export class PostgresLogBus<Message> implements EventBus<Message> {
  readonly mode = 'postgres-log' as const;
  private readonly logConsumers: LogConsumer[] = [];
  private readonly messageConsumers: MessageConsumer<Message>[] = [];
  private consuming = false;

  constructor(private readonly options: PostgresLogBusOptions) {}

  subscribeDomainEvents(consumer: DomainEventConsumer): void {
    const { pool, store, logger, batchSize, pollIntervalMs, leaseMs } = this.options;
    this.logConsumers.push(
      new LogConsumer(pool, store, {
        id: `bus:${consumer.id}`,
        handle: (events, context) => consumer.handle(events, context),
        batchSize,
        pollIntervalMs,
        leaseMs,
        logger,
      }),
    );
  }

  subscribeMessages(consumer: MessageConsumer<Message>): void {
    this.messageConsumers.push(consumer);
  }

  async publish(messages: readonly Message[]): Promise<void> {
    if (messages.length === 0) return;
    if (this.messageConsumers.length === 0) throw new Error('No consumer takes tracked messages in this process');
    await Promise.all(this.messageConsumers.map((consumer) => consumer.handle(messages, { caughtUp: true })));
  }

  async start(options: { consume?: boolean } = {}): Promise<void> {
    if (!(options.consume ?? true)) return;
    this.consuming = true;
    for (const consumer of this.logConsumers) await consumer.start();
  }

  async stop(): Promise<void> {
    this.consuming = false;
    await Promise.all(this.logConsumers.map((consumer) => consumer.stop()));
  }

  /** Waits until every domain-event consumer has handled the event at `position` (tests, read-your-writes). */
  async waitFor(position: number, timeoutMs?: number): Promise<void> {
    await Promise.all(this.logConsumers.map((consumer) => consumer.waitFor(position, timeoutMs)));
  }

  async health(): Promise<ComponentHealth> {
    const { headPosition } = await this.options.store.stats();
    const consumers = this.logConsumers.map((consumer) => {
      const status = consumer.status();
      return { ...status, lag: status.leader ? Math.max(0, headPosition - status.position) : null };
    });
    const failing = consumers.some((consumer) => consumer.consecutiveFailures > 0);
    return {
      status: failing ? 'degraded' : 'up',
      mode: this.mode,
      consuming: this.consuming,
      consumers,
    };
  }
}
