import { eventRegistry as coreEventRegistry } from '@stride/domain/event-catalogue';
import type { EventRegistry } from '@stride/domain/shared/event-registry';
import type { Config } from '@stride/platform/config';
import { PostgresEventStore } from '@stride/platform/event-store/event-store';
import type { Logger } from '@stride/platform/logger';
import type { Pool } from '@stride/platform/postgres/pool';
import type { Projection } from '@stride/projections/core/projection';
import { createCoreProjections } from '@stride/projections/core-projections';
import { ProjectionRunner } from '@stride/projections/projection-runner';
import { CommandHandler } from '../commands/command-handler';
import { IdempotencyStore } from '../commands/idempotency-store';

/**
 * Services that other modules add (billing, analytics, AI), declared in their own files by interface
 * merging, without editing this one:
 *
 *   declare module '@stride/api/services/app-services' {
 *     interface AppServiceExtensions { billing: BillingService }
 *   }
 *
 * and then `services.billing = createBillingService(services)` where the app is put together (main.ts).
 * Each extension is optional on AppServices: routes check for it (or fail at boot) themselves.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface AppServiceExtensions {}

/** Everything a route or module needs, built once per process (and per test). */
export interface AppServices extends Partial<AppServiceExtensions> {
  readonly config: Config;
  readonly logger: Logger;
  readonly pool: Pool;
  readonly eventStore: PostgresEventStore;
  /** Every stored event type; reads upcast through it, appends validate through it. */
  readonly eventRegistry: EventRegistry;
  readonly projections: ProjectionRunner;
  readonly commands: CommandHandler;
  readonly idempotency: IdempotencyStore;
  /** The only clock commands use (tests pass a fixed one). */
  readonly clock: () => Date;
}

export interface CreateAppServicesOptions {
  readonly config: Config;
  readonly logger: Logger;
  readonly pool: Pool;
  readonly clock?: () => Date;
  /** Defaults to the core registry; billing passes `buildEventRegistry(billingEventDefinitions)`. */
  readonly eventRegistry?: EventRegistry;
  /** Read models beyond the core ones, run by the same runner. */
  readonly extraProjections?: readonly Projection[];
  /** Idle poll interval of the projection subscriptions (appends in this process wake them at once). */
  readonly projectionPollIntervalMs?: number;
}

/**
 * Builds the services. Nothing is started: call `services.projections.start()` once the database is
 * migrated, and `stop()` before closing the pool.
 */
export function createAppServices(options: CreateAppServicesOptions): AppServices {
  const { config, logger, pool } = options;
  const clock = options.clock ?? (() => new Date());
  const eventRegistry = options.eventRegistry ?? coreEventRegistry;
  const eventStore = new PostgresEventStore(pool);
  const idempotency = new IdempotencyStore(pool);
  const projections = new ProjectionRunner({
    pool,
    eventStore,
    projections: [...createCoreProjections(eventRegistry), ...(options.extraProjections ?? [])],
    logger: logger.child({ component: 'projections' }),
    pollIntervalMs: options.projectionPollIntervalMs ?? 25,
  });
  const commands = new CommandHandler({ pool, eventStore, registry: eventRegistry, idempotency, clock, logger });
  return { config, logger, pool, eventStore, eventRegistry, projections, commands, idempotency, clock };
}
