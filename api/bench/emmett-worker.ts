/**
 * Runs the Emmett create-goal route (emmett-create-goal.ts) in its own process, forked by api.bench.ts:
 * Emmett's driver sets pg's global type parsers (int8 as BigInt), which must not reach Stride's pool.
 * Receives { databaseUrl, poolSize }, answers { url }; on 'stop' closes and exits.
 */
import { startEmmettCreateGoal } from './emmett-create-goal';

const spec = await new Promise<{ databaseUrl: string; poolSize: number }>((resolve) =>
  process.once('message', (message) => resolve(message as { databaseUrl: string; poolSize: number })),
);
const server = await startEmmettCreateGoal(spec.databaseUrl, spec.poolSize);
process.on('message', (message) => {
  if (message === 'stop') void server.close().then(() => process.exit(0));
});
process.send?.({ url: server.url });
