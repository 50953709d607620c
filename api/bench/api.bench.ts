/**
 * `npm run bench:api`: the write and read paths under load on the PostgreSQL server (fresh databases),
 * 32 connections (autocannon in a second process), in alternating rounds so that a load swing on the
 * machine falls on every workload alike:
 *   bare                 a bare Fastify route in the same process
 *   create-goal          POST /api/goals/create-simple (pro users: the limit is checked, never refuses)
 *   add-task             POST /api/goals/:id/tasks, one task to the user's goal
 *   complete-task        POST .../tasks/:id/complete, each task once (then each reopened once, and so on)
 *   emmett-create-goal   the same create-goal on Emmett's PostgreSQL store (emmett-create-goal.ts)
 *   db-limit             single-row INSERT transactions through `pg` (db-limit.ts): the database's limit
 *   list-goals           GET /api/goals/list of users with 8 goals of 3 tasks, with the Accept-Encoding
 *                        a browser sends (gzip, deflate, br): the list comes back compressed, as to a browser
 * Per workload: requests/s over its rounds, p50 the median round's, p99 the worst round's, and the median
 * per-round ratios to bare, to Emmett's create-goal and to the database limit; and, but for bare and the
 * database limit, the CPU per request of the serving process (this one; Emmett's own) and of the PostgreSQL
 * server (`cpuPerRequestMs`), with Emmett's create-goal's total over the workload's (`cpuRatioToEmmett`).
 * Then, separately, the embedded default (PGlite, no DATABASE_URL): one user adding tasks one after another,
 * p50 latency and the process's CPU per request (every thread: the HTTP client, the API, PGlite, chDB); and
 * contention: 32 concurrent creates of one user (its one usage stream), the version conflicts they met.
 * The last line is one JSON object with every figure.
 * BENCH_ONLY (a comma list of workloads) runs just those and prints their figures (while iterating).
 * BENCH_POOL sets the API's pool (40 connections by default); BENCH_WARMUP_SECONDS each workload's unmeasured warm-up
 * (3 s by default). `npm run bench:api` runs this file bundled as the server's processes are
 * (scripts/run-benchmark.mjs), so the API it composes in-process is the code a deployment runs.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { recordEvents } from '@stride/application/commands/record-events';
import { streamIds } from '@stride/domain/stream-ids';
import { createServerTestDatabase } from '@stride/testing/postgres';
import { buildApp } from '../src/app';
import { composeServices } from '@stride/composition/compose-services';
import { sharedChdbPath } from '@stride/testing/chdb';
import type { LoadRequest, LoadResult, LoadSpec } from './load-spec';
import { measureDbLimit } from './db-limit';
import { processCpuMs, serverCpuBetween, serverCpuReading } from '@stride/testing/process-cpu';
import { benchConfig, composeBenchApi } from './bench-stride';
import { median } from './median';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
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

const database = await createServerTestDatabase({ poolSize: Number(process.env.BENCH_POOL ?? 40) });
const { logger, stride, app } = await composeBenchApi(database);
const { services } = stride;
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
  const activated = {
    type: 'SubscriptionActivated',
    data: {
      tier: 'pro',
      status: 'active',
      subscriptionId: `sub_${user.id}`,
      customerId: `cus_${user.id}`,
      currentPeriodEnd: null,
      occurredAt: new Date().toISOString(),
    },
  };
  await recordEvents(services.commands, streamIds.billing(user.id), [activated], { userId: 'system:bench' });
  return { id: user.id, headers };
}

process.stdout.write(`seeding ${USERS * 2} users...\n`);
const createUsers = await Promise.all(Array.from({ length: USERS }, (_, i) => seedUser('create', i)));
const listUsers = await Promise.all(Array.from({ length: USERS }, (_, i) => seedUser('list', i)));
/** The list users' tasks: complete-task completes each once per cycle, then reopens each once. */
const seededTasks: Array<{ user: BenchUser; goalId: string; taskId: string }> = [];
await Promise.all(
  listUsers.map(async (user) => {
    for (let g = 0; g < GOALS_PER_LIST_USER; g += 1) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/goals/create-simple',
        headers: user.headers,
        payload: { title: `Seeded goal ${g}`, description: 'A goal with a few tasks', category: 'work' },
      });
      const goalId = created.json<{ goal: { id: string } }>().goal.id;
      const added = await app.inject({
        method: 'POST',
        url: `/api/goals/${goalId}/tasks`,
        headers: user.headers,
        payload: { tasks: [1, 2, 3].map((n) => ({ title: `Task ${n}`, estimated_minutes: 15 * n })) },
      });
      for (const task of added.json<{ tasks: Array<{ id: string }> }>().tasks) {
        seededTasks.push({ user, goalId, taskId: task.id });
      }
    }
  }),
);
/** add-task adds to one goal of each create user. */
const taskGoals = new Map<string, string>();
await Promise.all(
  createUsers.map(async (user) => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/goals/create-simple',
      headers: user.headers,
      payload: { title: 'A goal that gathers tasks', category: 'work' },
    });
    taskGoals.set(user.id, created.json<{ goal: { id: string } }>().goal.id);
  }),
);

const emmettDatabase = await createServerTestDatabase({ poolSize: 1 });
/** Emmett's route runs in a second process: its driver sets pg's global type parsers (int8 as BigInt). */
const emmett = await new Promise<{ url: string; pid: number; close(): Promise<void> }>((resolve, reject) => {
  const child = fork(fileURLToPath(new URL('./emmett-worker.ts', import.meta.url)), { execArgv: ['--import', 'tsx'] });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.once('message', (message) =>
    resolve({
      url: (message as { url: string }).url,
      pid: child.pid!,
      close: async () => {
        child.send('stop');
        await exited;
      },
    }),
  );
  child.once('error', reject);
  child.send({ databaseUrl: emmettDatabase.url, poolSize: CONNECTIONS });
});

// Statistics, as a database in service has them (autovacuum gathers them within a minute or so of changes):
// the one plan a prepared statement keeps (pool.ts) is made from them, and without them it is made for the
// nearly empty tables of a fresh database.
await Promise.all([database.pool.query('ANALYZE'), emmettDatabase.pool.query('ANALYZE')]);

const workloads: Record<string, { url: string; requests: LoadRequest[]; rotate?: boolean }> = {
  bare: { url: bareUrl, requests: [{ method: 'GET', path: '/bare', headers: {} }] },
  'create-goal': {
    url: apiUrl,
    rotate: true,
    requests: createUsers.map((user, i) => ({
      method: 'POST',
      path: '/api/goals/create-simple',
      headers: user.headers,
      body: JSON.stringify({ title: `Bench goal ${i}`, category: 'work', priority: 'high' }),
    })),
  },
  'add-task': {
    url: apiUrl,
    rotate: true,
    requests: createUsers.map((user, i) => ({
      method: 'POST',
      path: `/api/goals/${taskGoals.get(user.id)}/tasks`,
      headers: user.headers,
      // Numbered: the spec's de-duplication makes a task of a live task's title and minutes add nothing.
      body: JSON.stringify({ tasks: [{ title: `Bench task ${i} {{n}}`, estimated_minutes: 30 }] }),
    })),
  },
  'complete-task': {
    url: apiUrl,
    rotate: true,
    requests: (['complete', 'reopen'] as const).flatMap((action) =>
      seededTasks.map(({ user, goalId, taskId }) => ({
        method: 'POST' as const,
        path: `/api/goals/${goalId}/tasks/${taskId}/${action}`,
        headers: user.headers,
        body: '{}',
      })),
    ),
  },
  'emmett-create-goal': {
    url: emmett.url,
    rotate: true,
    requests: createUsers.map((user, i) => ({
      method: 'POST',
      path: '/goals',
      headers: { 'content-type': 'application/json', 'x-user-id': user.id },
      body: JSON.stringify({ title: `Bench goal ${i}`, category: 'work', priority: 'high' }),
    })),
  },
  'list-goals': {
    url: apiUrl,
    rotate: true,
    requests: listUsers.map((user) => ({
      method: 'GET',
      path: '/api/goals/list',
      headers: { ...user.headers, 'accept-encoding': 'gzip, deflate, br' },
    })),
  },
};

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const roundSeconds = Math.max(1, Math.round(SECONDS / ROUNDS));
const rotation = new Map<string, number>();
const run = async (name: string, durationSeconds: number): Promise<LoadResult> => {
  if (name === 'db-limit') return measureDbLimit(database.url, CONNECTIONS, durationSeconds);
  const workload = workloads[name]!;
  const result = await runLoad({
    url: workload.url,
    connections: CONNECTIONS,
    durationSeconds,
    requests: workload.requests,
    ...(workload.rotate && { rotate: true, rotateFrom: rotation.get(name) ?? 0 }),
  });
  if (result.rotated !== undefined) rotation.set(name, result.rotated);
  return result;
};

/**
 * CPU time per request, a load-independent figure (the machine is shared): the serving process's (this one,
 * the API's; Emmett's own for its create-goal) and the PostgreSQL server's (all its processes, also backends
 * that ended: `serverCpuBetween`), over a workload's run.
 */
const cpuPerRequest = new Map<string, { requests: number; apiMs: number; dbMs: number }>();
const databaseCpu = () => serverCpuReading(database.pool);
/** The CPU (ms) so far of the process serving a workload: this one, or Emmett's. */
const serverProcessCpuMs = (name: string): number => {
  if (name === 'emmett-create-goal') return processCpuMs(emmett.pid);
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const measured = async (name: string, durationSeconds: number): Promise<LoadResult> => {
  if (name === 'db-limit' || name === 'bare') return run(name, durationSeconds);
  const [api0, db0] = [serverProcessCpuMs(name), await databaseCpu()];
  const result = await run(name, durationSeconds);
  const api = serverProcessCpuMs(name) - api0;
  const db = serverCpuBetween(db0, await databaseCpu()).ms;
  const sum = cpuPerRequest.get(name) ?? { requests: 0, apiMs: 0, dbMs: 0 };
  cpuPerRequest.set(name, { requests: sum.requests + result.total, apiMs: sum.apiMs + api, dbMs: sum.dbMs + db });
  return result;
};

/**
 * BENCH_ONLY=create-goal,add-task: only these workloads, their figures printed, nothing else (while iterating);
 * `contention` and `embedded` in the list run those too.
 */
const only = process.env.BENCH_ONLY?.split(',');
const order = [
  'bare',
  'create-goal',
  'add-task',
  'complete-task',
  'emmett-create-goal',
  'db-limit',
  'list-goals',
].filter((name) => !only || only.includes(name));
const rounds: Record<string, LoadResult[]> = {};
// Warm-up: each workload runs unmeasured first, long enough for the JIT to settle its paths (at a create's
// few hundred a second, one second left code still being optimised in the first measured round).
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
for (const name of order) await run(name, WARMUP_SECONDS);
for (let round = 1; round <= ROUNDS; round += 1) {
  // Alternate the order too: a workload never always follows the same neighbour.
  for (const name of round % 2 === 1 ? order : [...order].reverse()) {
    process.stdout.write(`${name}: round ${round}/${ROUNDS}, ${CONNECTIONS} connections, ${roundSeconds} s...\n`);
    (rounds[name] ??= []).push(await measured(name, roundSeconds));
  }
}

const ratioTo = (results: readonly LoadResult[], reference: string) =>
  !rounds[reference]
    ? Number.NaN
    : Number(
        median(
          results.map((result, round) => result.requestsPerSecond / rounds[reference]![round]!.requestsPerSecond),
        ).toFixed(3),
      );
/** The non-2xx answers of a workload's rounds by status, e.g. { "409": 1 }. */
const statusCounts = (results: readonly LoadResult[]): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const result of results) {
    for (const [status, count] of Object.entries(result.non2xxByStatus)) counts[status] = (counts[status] ?? 0) + count;
  }
  return counts;
};
/** " (409 x1)" after a workload's non-2xx count when it had any (what they were tells a refusal from a failure). */
const statusNote = (counts: Readonly<Record<string, number>>): string => {
  const entries = Object.entries(counts);
  return entries.length === 0 ? '' : ` (${entries.map(([status, count]) => `${status} x${count}`).join(', ')})`;
};
/** A workload's CPU per request in ms (null where not measured: bare, db-limit). */
const cpuOf = (name: string): { process: number; database: number; total: number } | null => {
  const cpu = cpuPerRequest.get(name);
  if (!cpu || cpu.requests === 0) return null;
  const [processMs, databaseMs] = [cpu.apiMs / cpu.requests, cpu.dbMs / cpu.requests];
  return { process: processMs, database: databaseMs, total: processMs + databaseMs };
};
const emmettCpu = cpuOf('emmett-create-goal');
const figures = Object.fromEntries(
  order.map((name) => {
    const results = rounds[name]!;
    const requests = results.reduce((sum, result) => sum + result.total, 0);
    const cpu = cpuOf(name);
    return [
      name,
      {
        requestsPerSecond: Math.round(requests / (roundSeconds * results.length)),
        p50Ms: median(results.map((result) => result.p50)),
        p99Ms: Math.max(...results.map((result) => result.p99)),
        ratioToBare: ratioTo(results, 'bare'),
        ratioToEmmett: ratioTo(results, 'emmett-create-goal'),
        ratioToDbLimit: ratioTo(results, 'db-limit'),
        requests,
        non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
        non2xxByStatus: statusCounts(results),
        errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
        rounds: results.map((result) => Math.round(result.requestsPerSecond)),
        // The serving process's and the PostgreSQL server's CPU per request, and Emmett's create-goal's total
        // over this workload's: a comparison the machine's swings between rounds move much less than req/s.
        ...(cpu && {
          cpuPerRequestMs: { process: Number(cpu.process.toFixed(3)), database: Number(cpu.database.toFixed(3)) },
          cpuRatioToEmmett: emmettCpu ? Number((emmettCpu.total / cpu.total).toFixed(3)) : Number.NaN,
        }),
      },
    ];
  }),
);

if (only) {
  for (const [name, f] of Object.entries(figures)) {
    const cpu = cpuPerRequest.get(name);
    const perRequest = cpu
      ? `, CPU per request: API ${(cpu.apiMs / cpu.requests).toFixed(3)} ms, PostgreSQL ${(cpu.dbMs / cpu.requests).toFixed(2)} ms`
      : '';
    console.log(
      `${name.padEnd(19)} ${f.requestsPerSecond} req/s, p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms, ${f.non2xx} non-2xx${statusNote(f.non2xxByStatus)}, rounds ${f.rounds.join(' / ')}${perRequest}`,
    );
  }
  if (only.includes('contention')) console.log('contention', JSON.stringify(await oneUserBurst()));
  await app.close();
  await bare.close();
  await emmett.close();
  await stride.stop();
  await database.drop();
  await emmettDatabase.drop();
  if (only.includes('embedded')) console.log('embedded', JSON.stringify(await embeddedAddTask(100)));
  process.exit(0);
}

/** Contention: 32 concurrent creates of one user (one usage stream) queue for it rather than conflict. */
async function oneUserBurst() {
  const user = await seedUser('burst', 0);
  const conflictsBefore = services.commands.stats.conflicts;
  const t0 = performance.now();
  const timed = await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, i) => {
      const started = performance.now();
      const response = await fetch(`${apiUrl}/api/goals/create-simple`, {
        method: 'POST',
        headers: user.headers,
        body: JSON.stringify({ title: `Burst goal ${i}`, category: 'work' }),
      });
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started };
    }),
  );
  const latencies = timed.map((x) => x.ms).sort((a, b) => a - b);
  return {
    creates: CONNECTIONS,
    created: timed.filter((x) => x.status === 201).length,
    versionConflicts: services.commands.stats.conflicts - conflictsBefore,
    wallMs: Number((performance.now() - t0).toFixed(1)),
    p50Ms: Number(latencies[Math.floor(latencies.length / 2)]!.toFixed(1)),
    maxMs: Number(latencies.at(-1)!.toFixed(1)),
  };
}
process.stdout.write(`contention: ${CONNECTIONS} concurrent creates of one user...\n`);
const burst = await oneUserBurst();

await app.close();
await bare.close();
await emmett.close();
await stride.stop();
await database.drop();
await emmettDatabase.drop();

/**
 * The embedded default (PGlite in a data directory, no DATABASE_URL): one user adding tasks in turn,
 * BENCH_EMBEDDED_SAMPLES of them (`defaultSamples` when unset).
 */
async function embeddedAddTask(defaultSamples: number) {
  const samples = Number(process.env.BENCH_EMBEDDED_SAMPLES ?? defaultSamples);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stride-bench-embedded-'));
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS', 'CLICKHOUSE_URL'].includes(key),
    ),
  );
  const embeddedConfig = benchConfig({ ...env, DATA_DIR: dataDir });
  const embedded = await composeServices(embeddedConfig, 'all-in-one', {
    logger,
    pipeline: { chdbPath: sharedChdbPath() },
  });
  const embeddedApp = await buildApp(embedded.services);
  const url = await embeddedApp.listen({ host: '127.0.0.1', port: 0 });
  try {
    const email = 'solo@bench.example.com';
    const signIn = await fetch(`${url}/api/dev/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, name: 'Solo' }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    await fetch(`${url}/api/user/ensure-user-exists`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, name: 'Solo' }),
    });
    const created = await fetch(`${url}/api/goals/create-simple`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'One goal', category: 'work' }),
    });
    const goalId = ((await created.json()) as { goal: { id: string } }).goal.id;
    const latencies: number[] = [];
    let cpu = process.cpuUsage();
    for (let i = 0; i < samples + 20; i += 1) {
      if (i === 20) cpu = process.cpuUsage();
      const t0 = performance.now();
      const response = await fetch(`${url}/api/goals/${goalId}/tasks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ tasks: [{ title: `Task ${i}`, estimated_minutes: 15 }] }),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`add-task answered ${response.status}`);
      if (i >= 20) latencies.push(performance.now() - t0); // the first 20 warm up
    }
    const used = process.cpuUsage(cpu);
    latencies.sort((a, b) => a - b);
    const at = (q: number) => Number(latencies[Math.floor(q * (latencies.length - 1))]!.toFixed(1));
    const cpuMs = Number(((used.user + used.system) / 1000 / samples).toFixed(2));
    return { database: 'embedded-pglite', samples, p50Ms: at(0.5), p99Ms: at(0.99), cpuMsPerRequest: cpuMs };
  } finally {
    await embeddedApp.close();
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
process.stdout.write('embedded: one user adding tasks...\n');
const embeddedFigure = await embeddedAddTask(200);

console.log(
  '\nworkload             req/s    p50 ms   p99 ms  vs bare  vs Emmett  vs db limit  non-2xx  rounds (req/s)',
);
for (const name of order) {
  const f = figures[name]!;
  console.log(
    `${name.padEnd(19)} ${String(f.requestsPerSecond).padStart(6)} ${String(f.p50Ms).padStart(9)} ${String(f.p99Ms).padStart(8)} ${(f.ratioToBare * 100).toFixed(1).padStart(7)}% ${f.ratioToEmmett.toFixed(2).padStart(8)}x ${(f.ratioToDbLimit * 100).toFixed(1).padStart(10)}% ${String(f.non2xx).padStart(8)}   ${f.rounds.join(' / ')}${statusNote(f.non2xxByStatus)}`,
  );
}
console.log(
  `CPU per request, serving process + PostgreSQL server (ms): ${order
    .flatMap((name) => {
      const cpu = cpuOf(name);
      return cpu ? [`${name} ${cpu.process.toFixed(2)} + ${cpu.database.toFixed(2)}`] : [];
    })
    .join(', ')}; Emmett's create-goal over ours: ${figures['create-goal']!.cpuRatioToEmmett?.toFixed(2)}x`,
);
console.log(
  `one user, ${burst.creates} concurrent creates: ${burst.created} created, ${burst.versionConflicts} version conflicts, all done in ${burst.wallMs} ms (p50 ${burst.p50Ms} ms, max ${burst.maxMs} ms)`,
);
console.log(
  `embedded add-task (one user, PGlite): p50 ${embeddedFigure.p50Ms} ms, p99 ${embeddedFigure.p99Ms} ms, CPU per request ${embeddedFigure.cpuMsPerRequest} ms (the process, every thread: HTTP client, API, PGlite, chDB)`,
);
const create = figures['create-goal']!;
const list = figures['list-goals']!;
const target = {
  createGoalRatioToEmmettAtLeast: 1.5,
  createGoalRatioToDbLimitAtLeast: 0.2,
  createGoalP99AtMostMs: 25,
  listGoalsRatioToBareAtLeast: 0.5,
  embeddedAddTaskP50BelowMs: 10,
};
console.log(
  JSON.stringify({
    bench: 'api',
    database: 'postgres',
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      loadAverage1m: Number(os.loadavg()[0]!.toFixed(1)),
      node: process.version,
    },
    connections: CONNECTIONS,
    seconds: SECONDS,
    rounds: ROUNDS,
    users: USERS,
    workloads: figures,
    contention: { 'one-user-creates': burst },
    embedded: { 'add-task': embeddedFigure },
    target,
    targetMet:
      create.ratioToEmmett >= target.createGoalRatioToEmmettAtLeast &&
      create.ratioToDbLimit >= target.createGoalRatioToDbLimitAtLeast &&
      create.p99Ms <= target.createGoalP99AtMostMs &&
      list.ratioToBare >= target.listGoalsRatioToBareAtLeast &&
      embeddedFigure.p50Ms < target.embeddedAddTaskP50BelowMs,
  }),
);
