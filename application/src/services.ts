import type { EventRegistry } from '@stride/domain/shared/event-registry';
import type { Config } from '@stride/platform/config';
import type { UserKeyStore } from '@stride/platform/crypto/user-keys';
import type { PostgresEventStore } from '@stride/platform/event-store/event-store';
import type { Logger } from '@stride/platform/logger';
import type { NotificationListener } from '@stride/platform/postgres/notification-listener';
import type { Pool } from '@stride/platform/postgres/pool';
import type { InlineProjections } from '@stride/projections/core/inline-projections';
import type { AiModule } from './ai/ai-module';
import type { AnalyticsServices } from './analytics/analytics-services';
import type { BillingModule } from './billing/billing-module';
import type { CommandHandler } from './commands/command-handler';
import type { IdempotencyStore } from './commands/idempotency-store';

/** The kinds of process: `npm start`, `npm run start:api`, `npm run start:workers`. */
export type Role = 'all-in-one' | 'api' | 'workers';

/**
 * Everything a route, a use case or a job needs, complete for every role and read-only: built once per
 * process (and per test) by `composeServices` in composition/, never filled in or replaced afterwards.
 */
export interface Services {
  readonly role: Role;
  readonly config: Config;
  readonly logger: Logger;
  /** The only clock commands use (tests pass a fixed one). Billing decides with `billing.clock`. */
  readonly clock: () => Date;
  readonly pool: Pool;
  /** Personal fields are encrypted and decrypted inside it (crypto-shredding); everyone sees plaintext. */
  readonly eventStore: PostgresEventStore;
  /** Every user's data key; erasing one is what erases the user's personal data from the log. */
  readonly userKeys: UserKeyStore;
  /**
   * What other processes announce (read-model changes, erasures), heard on one connection; null where no
   * other process shares the database (the embedded PGlite).
   */
  readonly notifications: NotificationListener | null;
  /** Every stored event type; reads upcast through it, appends validate through it. */
  readonly eventRegistry: EventRegistry;
  /** The API's read models, kept in each command's transaction. */
  readonly projections: InlineProjections;
  /** The one write path: every command, billing included. */
  readonly commands: CommandHandler;
  readonly idempotency: IdempotencyStore;
  readonly billing: BillingModule;
  readonly ai: AiModule;
  readonly analytics: AnalyticsServices;
}
