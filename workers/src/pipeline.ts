import type { ConsumerConfig } from 'kafkajs';
import type { DailyMetrics } from '@stride/domain/analytics/daily-metrics';
import { eventRegistry as defaultRegistry } from '@stride/domain/event-catalogue';
import type { EventRegistry } from '@stride/domain/shared/event-registry';
import type { ComponentHealth, EventBus } from '@stride/platform/bus/event-bus';
import { PostgresLogBus } from '@stride/platform/bus/postgres-log-bus';
import { createAnalyticsClient, type AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { migrateAnalytics } from '@stride/platform/clickhouse/migrations';
import type { Config } from '@stride/platform/config';
import type { PostgresEventStore } from '@stride/platform/event-store/event-store';
import { createKafka } from '@stride/platform/kafka/kafka-client';
import { KafkaBus } from '@stride/platform/kafka/kafka-bus';
import { KafkaRelay } from '@stride/platform/kafka/relay';
import { DOMAIN_TOPICS } from '@stride/platform/kafka/topics';
import type { Logger } from '@stride/platform/logger';
import type { Pool } from '@stride/platform/postgres/pool';
import { createJobQueues } from '@stride/platform/queue/create-job-queues';
import type { JobQueues } from '@stride/platform/queue/job-queues';
import { AnalyticsWriters, type WriterTuning } from './ingest/analytics-writers';
import { DomainIngestConsumer } from './ingest/domain-ingest-consumer';
import { topicOfEvent } from './ingest/event-topics';
import { userOfEvent } from './ingest/domain-event-rows';
import { TrackedIngestConsumer } from './ingest/tracked-ingest-consumer';
import type { ExternalJob } from './jobs/external-jobs';
import { dailyMetricsProcessor } from './metrics/daily-metrics-job';
import { scheduleDailyMetrics } from './metrics/dirty-days';
import { reconcileDailyMetricsProcessor } from './metrics/reconcile-job';
import { JOBS, NIGHTLY_SCORES_PATTERN, QUEUES, RECONCILE_EVERY_MS, strideQueueDefinitions } from './queues';
import { nightlyScoresProcessor } from './scores/nightly-scores-job';
import { userScoreProcessor } from './scores/user-score-job';
import { trackedEventCodec, type TrackedEventRecord } from './tracked/tracked-event-record';

/** What the process that hosts the pipeline already has. */
export interface PipelineDeps {
  readonly config: Config;
  readonly logger: Logger;
  readonly pool: Pool;
  readonly eventStore: PostgresEventStore;
}

/**
 * - `all`: everything in one process (the embedded default, `npm start`);
 * - `workers`: the scale-out worker process: relay, consumers, jobs;
 * - `api`: an API process beside separate workers: publishes tracked events, enqueues jobs, reads reports.
 */
export type PipelineRole = 'all' | 'api' | 'workers';

export interface PipelineOptions {
  readonly role?: PipelineRole;
  /** Jobs other modules bring (billing's expired-subscription check, AI breakdowns). */
  readonly jobs?: readonly ExternalJob[];
  readonly registry?: EventRegistry;
  readonly clock?: () => Date;
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

export interface Pipeline {
  readonly role: PipelineRole;
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
export async function startPipeline(deps: PipelineDeps, options: PipelineOptions = {}): Promise<Pipeline> {
  const { config, pool, eventStore } = deps;
  const logger = deps.logger.child({ component: 'pipeline' });
  const role = options.role ?? 'all';
  const working = role !== 'api';
  const clock = options.clock ?? (() => new Date());
  const registry = options.registry ?? defaultRegistry;
  const tuning = options.tuning ?? {};

  const analytics = options.analytics ?? (await createAnalyticsClient(config, { chdbPath: options.chdbPath }));
  await migrateAnalytics(analytics, {
    onApplied: (migration) =>
      logger.info({ version: migration.version, name: migration.name }, 'analytics migration applied'),
  });
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
      scoreDebounceMs: tuning.scoreDebounceMs,
      onComputed: options.onDailyMetrics,
    }),
  );
  queues.register(
    QUEUES.metrics,
    JOBS.reconcileDailyMetrics,
    reconcileDailyMetricsProcessor({ client: analytics, queues, clock, logger }),
  );
  queues.register(QUEUES.scores, JOBS.userScore, userScoreProcessor({ client: analytics, writers, clock }));
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
  if (working) bus.subscribeDomainEvents(new DomainIngestConsumer({ writers, queues, registry, logger }));
  // Without Kafka, tracked events reach their consumer in the process that receives them.
  if (working || bus.mode === 'postgres-log') bus.subscribeMessages(new TrackedIngestConsumer({ writers, queues }));

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
      const [analyticsUp, busHealth, queueHealth] = await Promise.all([
        analytics.ping().catch(() => false),
        bus.health(),
        queues.health(),
      ]);
      const batchers = writers.stats();
      const failing = batchers.some((stats) => stats.lastError !== null);
      return {
        analytics: { status: analyticsUp ? 'up' : 'down', mode: analytics.mode, database: analytics.database },
        bus: busHealth,
        ...(relay ? { relay: relay.health() } : {}),
        queues: queueHealth,
        writers: { status: failing ? 'degraded' : 'up', mode: 'batched', tables: batchers },
      };
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

/** What the API's analytics and admin routes use of the pipeline (AppServices.analytics). */
export type AnalyticsServices = Pick<Pipeline, 'analytics' | 'queues' | 'track' | 'requestDailyMetrics' | 'health'>;
