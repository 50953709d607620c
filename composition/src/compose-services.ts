import { createAiModule } from '@stride/application/ai/ai-module';
import { trackedEventTracker, type AiEventTracker } from '@stride/application/ai/ai-tracking';
import type { BreakdownProvider } from '@stride/application/ai/breakdown-provider';
import { createBillingModule } from '@stride/application/billing/billing-module';
import { expiredSubscriptionsJob } from '@stride/application/billing/expired-subscriptions-job';
import { erasedCustomersConsumer } from '@stride/application/billing/erased-customers-consumer';
import { erasedIdentitiesConsumer } from '@stride/application/privacy/erased-identities-consumer';
import type { PaymentGateway } from '@stride/application/billing/payment-gateway';
import type { DomainEventConsumer } from '@stride/platform/bus/event-bus';
import { clerkUserDirectory, type UserDirectory } from '@stride/platform/identity/clerk-user-directory';
import { recurrenceJob } from '@stride/application/planner/recurrence-job';
import { CommandHandler } from '@stride/application/commands/command-handler';
import { IdempotencyStore } from '@stride/application/commands/idempotency-store';
import { startIdempotencyExpiry } from '@stride/application/commands/idempotency-expiry';
import type { Role, Services } from '@stride/application/services';
import { eventRegistry } from '@stride/domain/event-catalogue';
import { personalDataPolicy } from '@stride/domain/privacy/personal-data';
import type { Config } from '@stride/platform/config';
import { loadMasterKey } from '@stride/platform/crypto/master-key';
import { PersonalDataCodec } from '@stride/platform/crypto/personal-data-codec';
import { KEY_ERASURE_CHANNEL, UserKeyStore } from '@stride/platform/crypto/user-keys';
import { PostgresEventStore } from '@stride/platform/event-store/event-store';
import { createLogger, type Logger } from '@stride/platform/logger';
import { openDatabase, type Database } from '@stride/platform/postgres/open-database';
import { createCoreProjections } from '@stride/projections/core-projections';
import { sharesOneBackend } from '@stride/platform/postgres/pool';
import { NotificationListener } from '@stride/platform/postgres/notification-listener';
import { READ_MODEL_CHANNEL } from '@stride/projections/core/change-notifications';
import { InlineProjections } from '@stride/projections/core/inline-projections';
import { takeProjectionsInline } from '@stride/projections/core/take-inline';
import { startPipeline, type Pipeline, type PipelineOptions } from './compose-pipeline';

export interface ComposeOptions {
  readonly logger?: Logger;
  /** An open, migrated database (tests pass their fresh one); by default opened from the configuration. */
  readonly database?: Pick<Database, 'pool' | 'close'>;
  /** The clock commands decide with (tests pass a fixed one); billing's clock is built on it. */
  readonly clock?: () => Date;
  /**
   * AI adapters for tests: `fetch` of the OpenAI-compatible provider (pointed at a fake), a provider or
   * tracker to observe. Production builds all three from the configuration and the pipeline.
   */
  readonly ai?: {
    readonly fetch?: typeof fetch;
    readonly provider?: BreakdownProvider;
    readonly tracker?: AiEventTracker;
  };
  /** Test and benchmark tuning of the pipeline (analytics client, queue prefix, Kafka, batch timings). */
  readonly pipeline?: Omit<PipelineOptions, 'role' | 'jobs' | 'registry' | 'clock'>;
}

/** A composed process: its services, the pipeline that runs in it, and one way to stop it all. */
export interface Stride {
  readonly services: Services;
  readonly pipeline: Pipeline;
  /** Stops consuming and jobs, flushes, closes the database. */
  stop(): Promise<void>;
}

/**
 * What an erasure asks of the outside world, done from the UserErased event in the log by the working roles:
 * the payment customers deleted, and the sign-in identity when there is a user directory (Clerk).
 */
const erasureConsumers = (
  gateway: PaymentGateway,
  directory: UserDirectory | null,
  logger: Logger,
): DomainEventConsumer[] => [
  erasedCustomersConsumer(gateway, logger),
  ...(directory ? [erasedIdentitiesConsumer(directory, logger)] : []),
];

/**
 * The one composition root. Builds the complete, read-only services for a role and starts what runs in
 * it: every process (`npm start`, `start:api`, `start:workers`) and every integration test comes through
 * here, so tests boot what production boots.
 * Every role keeps the read models inline (each command's transaction updates them); a projection left
 * behind by an older version, or new and asked by its migration to fill, is caught up first.
 * - all-in-one: the API's services and the pipeline working in-process (relay or log
 *   bus consumers, jobs, the billing job);
 * - api: the same services; the pipeline only publishes, enqueues and reads (the workers do the work);
 * - workers: the same services; the pipeline works (relay, consumers, jobs, the billing job, the recurrence job).
 */
export async function composeServices(config: Config, role: Role, options: ComposeOptions = {}): Promise<Stride> {
  const logger =
    options.logger ??
    createLogger({ level: config.LOG_LEVEL, name: role === 'all-in-one' ? 'stride' : `stride-${role}` });
  const clock = options.clock ?? (() => new Date());
  const database = options.database ?? (await openDatabase(config, { applicationName: `stride-${role}` }));
  const { pool } = database;
  // On a PostgreSQL server other processes may erase a user: this process keeps a key (or that a user was not
  // erased) only while its listener hears their erasures (listenToOtherProcesses).
  const othersMayErase = !sharesOneBackend(pool);
  let notifications: NotificationListener | null = null;
  const userKeys = new UserKeyStore(await loadMasterKey(config), {
    hearsErasures: () => !othersMayErase || notifications?.listening === true,
  });
  const eventStore = new PostgresEventStore(pool, { codec: new PersonalDataCodec(userKeys, personalDataPolicy) });
  const idempotency = new IdempotencyStore(pool);
  // Other processes hear of read-model changes by NOTIFY; the embedded PGlite has no other process (one
  // process owns its data directory), so there a command notifies none.
  const projections = new InlineProjections(createCoreProjections(eventRegistry), !sharesOneBackend(pool));
  const caughtUp = await takeProjectionsInline(pool, eventStore, projections.projections);
  if (Object.values(caughtUp).some((events) => events > 0)) {
    logger.info({ caughtUp }, 'read models caught up from the log; from now on they are kept inline');
  }
  const commands = new CommandHandler({
    pool,
    eventStore,
    registry: eventRegistry,
    idempotency,
    inline: projections,
    clock,
    logger,
  });
  notifications = await listenToOtherProcesses(pool, logger, userKeys, commands);
  const billing = createBillingModule({ config, logger, pool, commands }, { wallClock: clock });
  const pipeline = await startPipeline(
    { config, logger, pool, eventStore },
    {
      ...options.pipeline,
      role,
      clock,
      registry: eventRegistry,
      jobs:
        role === 'api'
          ? []
          : [
              expiredSubscriptionsJob(billing),
              recurrenceJob({ pool, commands, clock, logger: logger.child({ component: 'recurrence' }) }),
            ],
      consumers: role === 'api' ? [] : erasureConsumers(billing.deps.gateway, clerkUserDirectory(config), logger),
    },
  );
  const ai = createAiModule(
    {
      config,
      logger,
      tracker: options.ai?.tracker ?? trackedEventTracker((records) => pipeline.track(records), logger, clock),
    },
    {
      ...(options.ai?.fetch && { fetch: options.ai.fetch }),
      ...(options.ai?.provider && { provider: options.ai.provider }),
    },
  );
  const services: Services = Object.freeze({
    role,
    config,
    logger,
    clock,
    pool,
    eventStore,
    userKeys,
    notifications,
    eventRegistry,
    projections,
    commands,
    idempotency,
    billing,
    ai,
    analytics: pipeline,
  });

  const stopIdempotencyExpiry = role === 'workers' ? () => {} : startIdempotencyExpiry(idempotency, clock, logger);
  logger.info({ role, modes: config.modes }, 'services composed');

  let stopped: Promise<void> | null = null;
  return {
    services,
    pipeline,
    stop() {
      stopped ??= (async () => {
        stopIdempotencyExpiry();
        await pipeline.stop();
        await notifications?.stop();
        await database.close();
      })();
      return stopped;
    },
  };
}

/**
 * What other processes announce, heard on one connection (none where no other process shares the database:
 * the embedded PGlite): read-model changes (the API's read caches subscribe) and erasures. An erasure
 * elsewhere makes this process forget the user's cached key, and that they were not erased, and every stream
 * state it folded (plaintext), as soon as it is heard: their data reads as "[erased]" and their sign-in is
 * refused here too, not only once the caches expire. While nothing can be heard, all of it is dropped, and
 * the key store keeps no key until the listener listens again (composeServices gives it `hearsErasures`).
 */
async function listenToOtherProcesses(
  pool: Database['pool'],
  logger: Logger,
  userKeys: UserKeyStore,
  commands: CommandHandler,
): Promise<NotificationListener | null> {
  if (sharesOneBackend(pool)) return null;
  const notifications = new NotificationListener(pool, logger.child({ component: 'notifications' }), [
    READ_MODEL_CHANNEL,
    KEY_ERASURE_CHANNEL,
  ]);
  notifications.subscribe(KEY_ERASURE_CHANNEL, {
    onNotification: (userId) => {
      userKeys.forget(userId);
      commands.forgetStates();
    },
    onLost: () => {
      userKeys.forgetAll();
      commands.forgetStates();
    },
  });
  await notifications.start();
  return notifications;
}
