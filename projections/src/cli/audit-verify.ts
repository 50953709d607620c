/**
 * `npm run audit:verify [name...]`: checks the log's tamper evidence (every stream's hash chain, naming the
 * first broken event of each stream, and every log checkpoint), then replays every stream into in-memory
 * read models and compares them with the tables, up to each projection's checkpoint. Prints what it finds;
 * exits 1 when a chain, a checkpoint or a read model does not hold.
 */
import { verifyIntegrity } from '@stride/platform/event-store/verify-integrity';
import { verifyProjection, type ProjectionVerification } from '../verify/verify-projection';
import { openProjectionDatabase, selectProjections } from './open-projection-database';

const SHOWN_PER_PROJECTION = 20;

const { database, eventStore, projections } = await openProjectionDatabase('stride-audit-verify');
let exitCode: number;
try {
  const { chains, checkpoints: logCheckpoints } = await verifyIntegrity(database.pool);
  console.log(
    `event chains: ${chains.broken.length === 0 ? 'ok' : `BROKEN in ${chains.broken.length} streams`} (${chains.streams} streams, ${chains.events} events)`,
  );
  for (const broken of chains.broken) {
    const where = broken.globalPosition === null ? 'after its last event' : `at position ${broken.globalPosition}`;
    console.log(`  ${broken.streamId} version ${broken.streamVersion} (${where}): ${broken.reason}`);
  }
  const { firstBroken } = logCheckpoints;
  console.log(
    `log checkpoints: ${firstBroken === null ? 'ok' : `BROKEN from position ${firstBroken.position}: ${firstBroken.reason}`} (${logCheckpoints.checkpoints} checkpoints)`,
  );
  const tampered = chains.broken.length > 0 || firstBroken !== null;
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
  exitCode = tampered || results.some((result) => result.drift.length > 0) ? 1 : 0;
} catch (error) {
  exitCode = 2;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await database.close();
}
process.exit(exitCode);
