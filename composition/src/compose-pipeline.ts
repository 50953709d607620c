import type { ConsumerConfig } from 'kafkajs';
import type { DailyMetrics } from '@stride/domain/analytics/daily-metrics';
import type { AnalyticsServices } from '@stride/application/analytics/analytics-services';
import type { Role } from '@stride/application/services';
import type { EventRegistry } from '@stride/domain/shared/event-registry';
import { checkComponent } from '@stride/platform/bus/component-health';
import type { ComponentHealth, DomainEventConsumer, EventBus } from '@stride/platform/bus/event-bus';
import { workersHealth } from '@stride/platform/bus/worker-heartbeat';
import { PostgresLogBus } from '@stride/platform/bus/postgres-log-bus';
import { createAnalyticsClient, type AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { migrateAnalytics } from '@stride/platform/clickhouse/migrations';
import type { Config } from '@stride/platform/config';
import type { PostgresEventStore } from '@stride/platform/event-store/event-store';
import { createKafka } from '@stride/platform/kafka/kafka-client';
import { KafkaBus } from '@stride/platform/kafka/kafka-bus';
import { KafkaRelay } from '@stride/platform/kafka/relay';
import type { Logger } from '@stride/platform/logger';
import type { Pool } from '@stride/platform/postgres/pool';
import { createJobQueues } from '@stride/platform/queue/create-job-queues';
import type { JobQueues } from '@stride/platform/queue/job-queues';
import { AnalyticsWriters, type WriterTuning } from '@stride/workers/ingest/analytics-writers';
import { DomainIngestConsumer } from '@stride/workers/ingest/domain-ingest-consumer';
import { DOMAIN_TOPICS, topicOfEvent } from '@stride/workers/ingest/event-topics';
import { userOfEvent } from '@stride/workers/ingest/domain-event-rows';
import { TrackedIngestConsumer } from '@stride/workers/ingest/tracked-ingest-consumer';
import type { ScheduledJob } from '@stride/application/billing/expired-subscriptions-job';
import { dailyMetricsProcessor } from '@stride/workers/metrics/daily-metrics-job';
import { scheduleDailyMetrics } from '@stride/application/analytics/schedule-daily-metrics';
import { timeZoneLookup } from '@stride/application/analytics/time-zones';
import { reconcileDailyMetricsProcessor } from '@stride/workers/metrics/reconcile-job';
import {
  JOBS,
  NIGHTLY_SCORES_PATTERN,
  QUEUES,
  RECONCILE_EVERY_MS,
  strideQueueDefinitions,
} from '@stride/application/analytics/queues';
import { nightlyScoresProcessor } from '@stride/workers/scores/nightly-scores-job';
import { userScoreProcessor } from '@stride/workers/scores/user-score-job';
import { trackedEventCodec, type TrackedEventRecord } from '@stride/application/analytics/tracked-event-record';

/** What the process that hosts the pipeline already has. */
export interface PipelineDeps {
  readonly config: Config;
  readonly logger: Logger;
  readonly pool: Pool;
  readonly eventStore: PostgresEventStore;
}

export interface PipelineOptions {
  /** In 'api' the pipeline only publishes, enqueues and reads; in the other roles it works. */
  readonly role: Role;
  /** Jobs the application brings (billing's expired-subscription check). */
  readonly jobs?: readonly ScheduledJob[];
  /** Consumers of the domain events beyond analytics (external effects), run in working roles. */
  readonly consumers?: readonly DomainEventConsumer[];
  readonly registry: EventRegistry;
  readonly clock: () => Date;
  /** chDB directory (default DATA_DIR/clickhouse); ignored with CLICKHOUSE_URL. */
  readonly chdbPath?: string;
  /** Use this analytics client instead of opening one (it is not closed by `stop`). */
  readonly analytics?: AnalyticsClient;
  /** Namespace of the BullMQ keys (tests). */
  readonly queuePrefix?: string;
  readonly kafka?: {
    readonly consumerConfig?: Partial<ConsumerConfig>;
    readonly partitions?: number;
    readonly groupPrefix?: string;
  };
  readonly tuning?: WriterTuning & {
    readonly logPollIntervalMs?: number;
    readonly leaseMs?: number;
    readonly relayBatchSize?: number;
    readonly scoreDebounceMs?: number;
  };
  /** Observes every stored daily-metrics computation (the bench measures lag with it). */
  readonly onDailyMetrics?: (metrics: DailyMetrics) => void;
}

export interface Pipeline extends AnalyticsServices {
  readonly role: Role;
  readonly analytics: AnalyticsClient;
  readonly queues: JobQueues;
  readonly bus: EventBus<TrackedEventRecord>;
  /** The relay, in a working role on Kafka. */
  readonly relay: KafkaRelay | null;
  readonly writers: AnalyticsWriters;
  /** Submits tracked events (the analytics routes); resolves once they are durable. */
  track(records: readonly TrackedEventRecord[]): Promise<void>;
  /** Schedules a recompute of one user-day's metrics. */
  requestDailyMetrics(userId: string, date: string): Promise<void>;
  health(): Promise<Record<string, ComponentHealth>>;
  /** Stops consuming, waits for running jobs, flushes every batch, closes connections. */
  stop(): Promise<void>;
}

/**
 * Starts the analytics pipeline in this process: the analytics store (migrated), the bus (Kafka or the
 * PostgreSQL log), the job queues (BullMQ or in-process) and, in a working role, the relay, the consumers,
 * the processors and the repeatable jobs.
 */
export async function startPipeline(deps: PipelineDeps, options: PipelineOptions): Promise<Pipeline> {
  const { config, pool, eventStore } = deps;
  const logger = deps.logger.child({ component: 'pipeline' });
  const { role, clock, registry } = options;
  const working = role !== 'api';
  const tuning = options.tuning ?? {};

  const analytics = options.analytics ?? (await createAnalyticsClient(config, { chdbPath: options.chdbPath }));
  await migrateAnalytics(analytics, {
    onApplied: (migration) =>
      logger.info({ version: migration.version, name: migration.name }, 'analytics migration applied'),
  });
  // Each user's days and hours are their own: the jobs and consumers read the zones from the users read model.
  const timeZones = timeZoneLookup(pool);
  const writers = new AnalyticsWriters(analytics, logger.child({ component: 'writers' }), tuning);

  const queues = createJobQueues(config, strideQueueDefinitions, {
    logger: logger.child({ component: 'queues' }),
    prefix: options.queuePrefix,
  });
  queues.register(
    QUEUES.metrics,
    JOBS.dailyMetrics,
    dailyMetricsProcessor({
      client: analytics,
      writers,
      queues,
      clock,
      timeZones,
      scoreDebounceMs: tuning.scoreDebounceMs,
      onComputed: options.onDailyMetrics,
    }),
  );
  queues.register(
    QUEUES.metrics,
    JOBS.reconcileDailyMetrics,
    reconcileDailyMetricsProcessor({ client: analytics, queues, clock, logger, timeZones }),
  );
  queues.register(QUEUES.scores, JOBS.userScore, userScoreProcessor({ client: analytics, writers, clock, timeZones }));
  queues.register(
    QUEUES.scores,
    JOBS.nightlyScores,
    nightlyScoresProcessor({ client: analytics, queues, clock, logger }),
  );
  for (const job of options.jobs ?? []) queues.register(job.queue, job.name, job.processor);

  let relay: KafkaRelay | null = null;
  let bus: EventBus<TrackedEventRecord>;
  if (config.modes.bus === 'kafka') {
    const kafka = createKafka({ brokers: config.KAFKA_BROKERS, clientId: config.KAFKA_CLIENT_ID, logger });
    bus = new KafkaBus({
      kafka,
      codec: trackedEventCodec,
      domainTopics: DOMAIN_TOPICS,
      logger: logger.child({ component: 'kafka-bus' }),
      consumerConfig: options.kafka?.consumerConfig,
      partitions: options.kafka?.partitions,
      groupPrefix: options.kafka?.groupPrefix,
    });
    if (working) {
      relay = new KafkaRelay({
        kafka,
        pool,
        store: eventStore,
        topicOf: topicOfEvent,
        keyOf: userOfEvent,
        topics: DOMAIN_TOPICS,
        logger: logger.child({ component: 'relay' }),
        batchSize: tuning.relayBatchSize,
        pollIntervalMs: tuning.logPollIntervalMs,
        leaseMs: tuning.leaseMs,
        partitions: options.kafka?.partitions,
      });
    }
  } else {
    bus = new PostgresLogBus<TrackedEventRecord>({
      pool,
      store: eventStore,
      logger: logger.child({ component: 'log-bus' }),
      pollIntervalMs: tuning.logPollIntervalMs,
      leaseMs: tuning.leaseMs,
    });
  }
  if (working) {
    bus.subscribeDomainEvents(new DomainIngestConsumer({ writers, analytics, queues, registry, logger, timeZones }));
    for (const consumer of options.consumers ?? []) bus.subscribeDomainEvents(consumer);
  }
  // Without Kafka, tracked events reach their consumer in the process that receives them.
  if (working || bus.mode === 'postgres-log')
    bus.subscribeMessages(new TrackedIngestConsumer({ writers, queues, timeZones }));

  await queues.start({ work: working });
  if (working) {
    await queues.schedule(QUEUES.scores, 'nightly-engagement-scores', JOBS.nightlyScores, {
      pattern: NIGHTLY_SCORES_PATTERN,
    });
    await queues.schedule(QUEUES.metrics, 'reconcile-daily-metrics', JOBS.reconcileDailyMetrics, {
      every: RECONCILE_EVERY_MS,
    });
    await queues.add(QUEUES.metrics, JOBS.reconcileDailyMetrics, {}, { dedupeKey: 'reconcile-at-start' });
    for (const job of options.jobs ?? []) {
      if (job.repeat) await queues.schedule(job.queue, `repeat-${job.queue}-${job.name}`, job.name, job.repeat);
    }
  }
  await bus.start({ consume: working });
  await relay?.start();
  logger.info({ role, modes: config.modes }, 'analytics pipeline started');

  let stopped: Promise<void> | null = null;
  return {
    role,
    analytics,
    queues,
    bus,
    relay,
    writers,
    track: (records) => bus.publish(records),
    requestDailyMetrics: (userId, date) => scheduleDailyMetrics(queues, [{ userId, date }]),
    async health() {
      // Every check has its own short timeout: a hung client (Redis away, ClickHouse stalled) reports its
      // component down instead of holding the whole answer.
      const ms = config.HEALTH_CHECK_TIMEOUT_MS;
      const { modes } = config;
      const head = eventStore.stats().then((stats) => stats.headPosition);
      head.catch(() => undefined);
      const [analyticsHealth, busHealth, queueHealth, relayHealth, workersComponent] = await Promise.all([
        checkComponent('analytics', modes.analytics, ms, async () => {
          const up = await analytics.ping();
          return {
            status: up ? 'up' : 'down',
            mode: analytics.mode,
            database: analytics.database,
            ...(!up && { error: 'ping failed' }),
          };
        }),
        checkComponent('bus', modes.bus, ms, () => bus.health()),
        checkComponent('queues', modes.queue, ms, () => queues.health()),
        modes.bus !== 'kafka'
          ? null
          : checkComponent('relay', 'kafka', ms, async () => {
              if (relay) return relay.health(await head);
              // The relay runs in the workers process: its checkpoint against the log head.
              const { rows } = await pool.query<{ position: number }>(
                `SELECT global_position AS position FROM bus_consumer_checkpoints WHERE consumer_id = 'kafka-relay'`,
              );
              const position = rows[0]?.position ?? 0;
              return { status: 'up', mode: 'kafka', position, lag: Math.max(0, (await head) - position) };
            }),
        role !== 'api'
          ? null
          : checkComponent('workers', 'heartbeat', ms, () =>
              workersHealth(pool, config.WORKERS_HEARTBEAT_STALE_SECONDS),
            ),
      ]);
      const batchers = writers.stats();
      const failing = batchers.some((stats) => stats.lastError !== null);
      return {
        analytics: analyticsHealth,
        bus: busHealth,
        ...(relayHealth ? { relay: relayHealth } : {}),
        queues: queueHealth,
        ...(workersComponent ? { workers: workersComponent } : {}),
        writers: { status: failing ? 'degraded' : 'up', mode: 'batched', tables: batchers },
      } satisfies Record<string, ComponentHealth>;
    },
    stop() {
      stopped ??= (async () => {
        await relay?.stop();
        await bus.stop();
        await queues.stop();
        await writers.close();
        if (!options.analytics) await analytics.close();
        logger.info('analytics pipeline stopped');
      })();
      return stopped;
    },
  };
}
