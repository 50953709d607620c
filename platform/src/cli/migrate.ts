/** `npm run migrate`: applies pending PostgreSQL migrations to DATABASE_URL (or the embedded database). */
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { openDatabase } from '../postgres/open-database';

const config = loadConfig();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'migrate' });
const database = await openDatabase(config, { migrate: false });
try {
  const { migrate } = await import('../postgres/migrations');
  const applied = await migrate(database.pool, {
    onApplied: (m) => logger.info({ version: m.version, name: m.name }, 'migration applied'),
  });
  logger.info(
    { applied: applied.length, mode: config.modes.database },
    applied.length ? 'migrations done' : 'database is up to date',
  );
} finally {
  await database.close();
}
