import { personalDataPolicy } from '@stride/domain/privacy/personal-data';
import { loadConfig } from '@stride/platform/config';
import { loadMasterKey } from '@stride/platform/crypto/master-key';
import { PersonalDataCodec } from '@stride/platform/crypto/personal-data-codec';
import { UserKeyStore } from '@stride/platform/crypto/user-keys';
import { PostgresEventStore } from '@stride/platform/event-store/event-store';
import { openDatabase, type Database } from '@stride/platform/postgres/open-database';
import { createCoreProjections, coreProjectionNames } from '../core-projections';
import type { Projection } from '../core/projection';

/**
 * What the projection CLIs work on: DATABASE_URL, or the embedded PGlite under DATA_DIR. The embedded
 * data directory belongs to one process: stop the product (npm start) before running a CLI on it.
 */
export async function openProjectionDatabase(applicationName: string): Promise<{
  database: Database;
  eventStore: PostgresEventStore;
  projections: Projection[];
}> {
  const config = loadConfig();
  if (config.modes.database === 'embedded-pglite') {
    console.warn(
      `Using the embedded database in ${config.dataDir}. It can only be opened by one process: ` +
        'stop Stride (npm start) first, or set DATABASE_URL.',
    );
  }
  const database = await openDatabase(config, { applicationName });
  // The same decryption as the product's: read models hold plaintext, and erased users read as "[erased]".
  const codec = new PersonalDataCodec(new UserKeyStore(await loadMasterKey(config)), personalDataPolicy);
  return {
    database,
    eventStore: new PostgresEventStore(database.pool, { codec }),
    projections: createCoreProjections(),
  };
}

/** The projections named on the command line (all when none), or an error naming the known ones. */
export function selectProjections(all: readonly Projection[], names: readonly string[]): Projection[] {
  if (names.length === 0) return [...all];
  const unknown = names.filter((name) => !all.some((projection) => projection.name === name));
  if (unknown.length > 0) {
    throw new Error(`Unknown projection ${unknown.join(', ')}; known: ${coreProjectionNames.join(', ')}`);
  }
  return all.filter((projection) => names.includes(projection.name));
}
