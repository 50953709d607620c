/**
 * `npm run audit:verify [name...]`: replays every stream into in-memory read models and compares them with
 * the tables, up to each projection's checkpoint. Prints any drift; exits 1 when there is drift.
 */
import { verifyProjection, type ProjectionVerification } from '../verify/verify-projection';
import { openProjectionDatabase, selectProjections } from './open-projection-database';

const SHOWN_PER_PROJECTION = 20;

const { database, eventStore, projections } = await openProjectionDatabase('stride-audit-verify');
let exitCode: number;
try {
  const results: ProjectionVerification[] = [];
  for (const projection of selectProjections(projections, process.argv.slice(2))) {
    results.push(await verifyProjection(database.pool, eventStore, projection));
  }
  for (const result of results) {
    const status = result.drift.length === 0 ? 'ok' : `DRIFT in ${result.drift.length} rows`;
    console.log(
      `${result.projection}: ${status} (${result.rows} rows, ${result.events} events up to position ${result.checkpoint.position})`,
    );
    for (const drift of result.drift.slice(0, SHOWN_PER_PROJECTION)) {
      console.log(`  ${drift.kind} ${drift.table} ${drift.key}`);
      for (const { column, expected, actual } of drift.columns) {
        console.log(`    ${column}: expected ${JSON.stringify(expected)}, found ${JSON.stringify(actual)}`);
      }
    }
    if (result.drift.length > SHOWN_PER_PROJECTION) {
      console.log(`  ... and ${result.drift.length - SHOWN_PER_PROJECTION} more`);
    }
  }
  exitCode = results.some((result) => result.drift.length > 0) ? 1 : 0;
} catch (error) {
  exitCode = 2;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await database.close();
}
process.exit(exitCode);
