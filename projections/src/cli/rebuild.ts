/**
 * `npm run projections:rebuild [name...]`: rebuilds read models from position 0 into shadow tables beside
 * the live ones and swaps them in atomically (see rebuild/rebuild-projection.ts). Safe while the API runs
 * on a PostgreSQL server; with the embedded database, stop the product first.
 */
import cliProgress from 'cli-progress';
import { rebuildProjection } from '../rebuild/rebuild-projection';
import { openProjectionDatabase, selectProjections } from './open-projection-database';

const { database, eventStore, projections } = await openProjectionDatabase('stride-projections-rebuild');
let failed = false;
try {
  const selected = selectProjections(projections, process.argv.slice(2));
  const { headPosition } = await eventStore.stats();
  const bars = new cliProgress.MultiBar(
    { format: ' {projection} |{bar}| {value}/{total} positions | {events} events | {phase}', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  const results = [];
  for (const projection of selected) {
    const bar = bars.create(Math.max(headPosition, 1), 0, {
      projection: projection.name.padEnd(11),
      events: 0,
      phase: 'replay',
    });
    const result = await rebuildProjection(database.pool, eventStore, projection, {
      onProgress: ({ position, events, phase }) => bar.update(Math.min(position, headPosition), { events, phase }),
    });
    bar.update(Math.max(headPosition, 1), { events: result.events, phase: 'swapped' });
    results.push(result);
  }
  bars.stop();
  for (const result of results) {
    console.log(
      `${result.projection}: ${result.handled} of ${result.events} events applied; checkpoint at position ${result.checkpoint.position}`,
    );
  }
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
