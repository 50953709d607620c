/**
 * `npm run bench:api`: the API under load on the PostgreSQL server (a fresh database), beside a bare
 * Fastify route in the same process. Workloads (autocannon, 32 connections, BENCH_SECONDS each, from a
 * second process): create-goal, list-goals, increment-usage, and the bare route. Users are pro (billing
 * events) so limits never refuse; list-goals and increment-usage use other users, seeded with 8 goals of
 * 3 tasks each. Prints req/s, p50 and p99 per workload and the ratio to the bare route; the last line is
 * one JSON object with every figure.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { eventRegistry } from '@stride/domain/event-catalogue';
import { streamIds } from '@stride/domain/stream-ids';
import { loadConfig } from '@stride/platform/config';
import { createLogger } from '@stride/platform/logger';
import { createServerTestDatabase } from '@stride/testing/postgres';
import { buildApp } from '../src/app';
import { composeServices } from '@stride/composition/compose-services';
import { sharedChdbPath } from '@stride/testing/chdb';
import type { LoadRequest, LoadResult, LoadSpec } from './load-spec';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = Number(process.env.BENCH_USERS ?? 64);
const GOALS_PER_LIST_USER = 8;

/** autocannon runs in a second process: the load generator must not share the server's event loop. */
const runLoad = (spec: LoadSpec): Promise<LoadResult> =>
  new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./load-worker.ts', import.meta.url)), { execArgv: ['--import', 'tsx'] });
    child.once('message', (result) => resolve(result as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`load worker exited with ${code}`)));
    child.send(spec);
  });

const database = await createServerTestDatabase({ poolSize: 40 });
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: database.url,
  ALLOW_DEV_MODE_IN_PRODUCTION: 'true',
  DEV_AUTH_SECRET: 'bench-secret-of-at-least-32-characters',
  RATE_LIMIT_PER_MINUTE: '1000000',
});
const logger = createLogger({ level: config.LOG_LEVEL, pretty: false });
const stride = await composeServices(config, 'api', {
  logger,
  database: { pool: database.pool, close: async () => {} },
  pipeline: { chdbPath: sharedChdbPath() },
});
const { services } = stride;
const app = await buildApp(services);
const apiUrl = await app.listen({ host: '127.0.0.1', port: 0 });

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

interface BenchUser {
  readonly id: string;
  readonly headers: Record<string, string>;
}

async function seedUser(label: string, index: number): Promise<BenchUser> {
  const email = `${label}-${index}@bench.example.com`;
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/dev/sign-in',
    payload: { email, name: `${label} ${index}` },
  });
  const { token, user } = signIn.json<{ token: string; user: { id: string } }>();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  await app.inject({ method: 'POST', url: '/api/user/ensure-user-exists', headers, payload: { email, name: label } });
  const activated = eventRegistry.validateForAppend({
    type: 'SubscriptionActivated',
    data: {
      tier: 'pro',
      status: 'active',
      subscriptionId: `sub_${user.id}`,
      customerId: `cus_${user.id}`,
      currentPeriodEnd: null,
      occurredAt: new Date().toISOString(),
    },
  });
  const appended = await services.eventStore.append(
    streamIds.billing(user.id),
    [{ type: activated.type, data: activated.data, schemaVersion: eventRegistry.schemaVersionOf(activated.type) }],
    { metadata: { userId: 'system:bench' } },
  );
  await services.projections.waitFor(appended.lastPosition);
  return { id: user.id, headers };
}

process.stdout.write(`seeding ${USERS * 2} users...\n`);
const createUsers = await Promise.all(Array.from({ length: USERS }, (_, i) => seedUser('create', i)));
const listUsers = await Promise.all(Array.from({ length: USERS }, (_, i) => seedUser('list', i)));
for (const user of listUsers) {
  for (let g = 0; g < GOALS_PER_LIST_USER; g += 1) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/goals/create-simple',
      headers: user.headers,
      payload: { title: `Seeded goal ${g}`, description: 'A goal with a few tasks', category: 'work' },
    });
    const goalId = created.json<{ goal: { id: string } }>().goal.id;
    await app.inject({
      method: 'POST',
      url: `/api/goals/${goalId}/tasks`,
      headers: user.headers,
      payload: { tasks: [1, 2, 3].map((n) => ({ title: `Task ${n}`, estimated_minutes: 15 * n })) },
    });
  }
}
await services.projections.catchUp();

const workloads: Record<string, { url: string; requests: LoadRequest[] }> = {
  bare: { url: bareUrl, requests: [{ method: 'GET', path: '/bare', headers: {} }] },
  'create-goal': {
    url: apiUrl,
    requests: createUsers.map((user, i) => ({
      method: 'POST',
      path: '/api/goals/create-simple',
      headers: user.headers,
      body: JSON.stringify({ title: `Bench goal ${i}`, category: 'work', priority: 'high' }),
    })),
  },
  'list-goals': {
    url: apiUrl,
    requests: listUsers.map((user) => ({ method: 'GET', path: '/api/goals/list', headers: user.headers })),
  },
  'increment-usage': {
    url: apiUrl,
    requests: listUsers.map((user) => ({
      method: 'POST',
      path: '/api/usage/increment',
      headers: user.headers,
      body: JSON.stringify({ type: 'goals', userId: user.id }),
    })),
  },
};

/**
 * create-goal runs alone (it grows the data). The read workloads and the bare route then run in
 * alternating rounds, so that a load swing on the machine hits them alike; each gets BENCH_SECONDS in all
 * after a short warm-up. Per workload: requests/s over all rounds, p50 the median of the rounds', p99 the
 * worst round's; the ratio to bare is the median of the per-round ratios.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const roundSeconds = Math.max(1, Math.round(SECONDS / ROUNDS));
const run = (name: string, durationSeconds: number) => {
  const workload = workloads[name]!;
  return runLoad({ url: workload.url, connections: CONNECTIONS, durationSeconds, requests: workload.requests });
};

const rounds: Record<string, LoadResult[]> = {};
process.stdout.write(`create-goal: ${CONNECTIONS} connections, ${SECONDS} s...\n`);
rounds['create-goal'] = [await run('create-goal', SECONDS)];
const alternating = ['bare', 'list-goals', 'increment-usage'];
for (const name of alternating) await run(name, 1); // warm-up
for (let round = 1; round <= ROUNDS; round += 1) {
  for (const name of alternating) {
    process.stdout.write(`${name}: round ${round}/${ROUNDS}, ${CONNECTIONS} connections, ${roundSeconds} s...\n`);
    (rounds[name] ??= []).push(await run(name, roundSeconds));
  }
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const bareRounds = rounds.bare ?? [];
const figures = Object.fromEntries(
  Object.entries(rounds).map(([name, results]) => {
    const requests = results.reduce((sum, result) => sum + result.total, 0);
    const seconds = name === 'create-goal' ? SECONDS : roundSeconds * results.length;
    const ratios =
      name === 'create-goal'
        ? [results[0]!.requestsPerSecond / median(bareRounds.map((result) => result.requestsPerSecond))]
        : results.map((result, round) => result.requestsPerSecond / bareRounds[round]!.requestsPerSecond);
    return [
      name,
      {
        requestsPerSecond: Math.round(requests / seconds),
        p50Ms: median(results.map((result) => result.p50)),
        p99Ms: Math.max(...results.map((result) => result.p99)),
        ratioToBare: Number(median(ratios).toFixed(3)),
        requests,
        non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
        errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
        rounds: results.map((result) => Math.round(result.requestsPerSecond)),
      },
    ];
  }),
);
console.log('\nworkload          req/s    p50 ms   p99 ms   vs bare   non-2xx   rounds (req/s)');
for (const name of ['bare', 'create-goal', 'list-goals', 'increment-usage']) {
  const figure = figures[name]!;
  console.log(
    `${name.padEnd(16)} ${String(figure.requestsPerSecond).padStart(6)} ${String(figure.p50Ms).padStart(9)} ${String(figure.p99Ms).padStart(8)} ${(figure.ratioToBare * 100).toFixed(1).padStart(8)}% ${String(figure.non2xx).padStart(9)}   ${figure.rounds.join(' / ')}`,
  );
}
const list = figures['list-goals'];
const target = { listGoalsRatioAtLeast: 0.4, listGoalsP99BelowMs: 20 };
const summary = {
  bench: 'api',
  database: 'postgres',
  connections: CONNECTIONS,
  seconds: SECONDS,
  rounds: ROUNDS,
  users: USERS,
  workloads: figures,
  target,
  targetMet:
    list !== undefined && list.ratioToBare >= target.listGoalsRatioAtLeast && list.p99Ms < target.listGoalsP99BelowMs,
};

await app.close();
await bare.close();
await stride.stop();
await database.drop();
console.log(JSON.stringify(summary));
