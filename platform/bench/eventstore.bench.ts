/**
 * `npm run bench:eventstore`: our PostgreSQL event store beside Emmett's (@event-driven-io/emmett-postgresql)
 * on the same PostgreSQL server in the same run, each in a fresh database that is dropped afterwards.
 *   (a) single-event appends to distinct streams at concurrency 16
 *   (b) appends of 100-event batches (concurrency 16)
 *   (c) a full read of the global log in pages of 1,000
 *   (d) Node's CPU per appended event of (a) and (b) for our three variants, against a pool that answers at
 *       once (`answeringPool`): what the store costs Node, without PostgreSQL's share and its noise, which on
 *       these machines swings a throughput ratio more than the trust features cost
 * Ours runs three times over: as shipped (`stride`: hash chain and encryption of personal fields on),
 * `stride-chain` (hash chain, no encryption) and `stride-plain` (neither: migrated only up to 0039, before the
 * chain, appending through 0030's function without digests, reading its events as jsonb as the shipped
 * append does), so the cost of tamper evidence and crypto-shredding is measured in the same run (ratios `trust*`).
 * Appends run in alternating rounds (BENCH_ROUNDS, default 3); each figure is the median round, so
 * background load on the machine falls on both contenders alike.
 * Each append round also reads its CPU per event: this process's (the store and its driver) and the PostgreSQL
 * server's (all its processes, from /proc), and the trust features' cost is given by CPU as well as by rate;
 * each split into user and system time, with the voluntary context switches per event (waits), which tell
 * work from wake-ups.
 * Prints events/s and p50/p99 append latency, our/Emmett ratios, and as its last line one JSON object.
 * BENCH_DATABASE_URL (default: the local server's postgres database) picks the server.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { dumbo } from '@event-driven-io/dumbo';
import { getPostgreSQLEventStore, readMessagesBatch } from '@event-driven-io/emmett-postgresql';
import { migrate } from '../src/postgres/migrations';
import { createPool, type Pool } from '../src/postgres/pool';
import { randomBytes } from 'node:crypto';
import { PersonalDataCodec, type PersonalDataPolicy } from '../src/crypto/personal-data-codec';
import { UserKeyStore } from '../src/crypto/user-keys';
import { checkpointOf, PostgresEventStore } from '../src/event-store/event-store';
import { LOG_START, type LogCheckpoint } from '../src/event-store/types';
import { serverCpuBetween, serverCpuReading, voluntarySwitches } from '@stride/testing/process-cpu';
import { figures, round, runConcurrently, type RunFigures } from './bench-stats';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONCURRENCY = 16;
const SINGLE_APPENDS = Number(process.env.BENCH_SINGLE_APPENDS ?? 10_000);
// 1,000 batches: about 3 s a round (300 took 1 s, and a round that short swung the batch ratios by a third).
const BATCH_APPENDS = Number(process.env.BENCH_BATCH_APPENDS ?? 1000);
const BATCH_SIZE = 100;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const payload = (i: number) => ({
  goalId: `goal-${i}`,
  title: `Run a half marathon before spring #${i}`,
  description: 'Build up weekly mileage, one long run a week, rest days respected.',
  category: 'health',
  priority: i % 3 === 0 ? 'high' : 'medium',
  targetDate: '2027-04-01',
});

const log = (message: string) => process.stderr.write(`${message}\n`);

async function createDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/**
 * The product's rule for these two event types: title and description are personal (domain/src/privacy),
 * applied as the product's mapPersonalData applies it: a copy with each personal field replaced in place.
 */
const benchPolicy: PersonalDataPolicy = {
  mapPersonalData: (_type, data, replace) => {
    const event = data as { title: string; description: string };
    return { ...event, title: replace(event.title), description: replace(event.description) };
  },
  subjectOf: (_streamId, actorUserId) => actorUserId,
  erased: '[erased]',
};
/** Appends come from this many users (each with their own data key, cached after its first use). */
const USERS = 100;

interface Contender {
  readonly name: string;
  appendOne(streamId: string, i: number): Promise<void>;
  appendBatch(streamId: string, i: number): Promise<void>;
  readEverything(): Promise<number>;
  close(): Promise<void>;
}

type Variant = 'stride' | 'stride-chain' | 'stride-plain';

/**
 * 0030's single-stream append with its events read as jsonb (jsonb_to_recordset), as 0098's append reads
 * them: the plain baseline then differs from the store as shipped only by the chain and the encryption,
 * not by how the batch is parsed (json_to_recordset parses each event's data twice).
 */
const plainAppendReadingJsonb = (): string => {
  const sql = readFileSync(new URL('../migrations/postgres/0030_append_json_batches.sql', import.meta.url), 'utf8');
  const start = sql.indexOf('CREATE FUNCTION stride_append_batch(');
  const fn = sql.slice(start, sql.indexOf('$$;', start) + 3);
  const patched = fn
    .replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')
    .replace('FROM json_to_recordset(p_events) AS e', 'FROM jsonb_to_recordset(p_events::jsonb) AS e');
  if (start < 0 || !patched.includes('jsonb_to_recordset')) throw new Error("0030's append is not as expected");
  return patched;
};

/** A variant's store on a pool: as shipped with the codec, `stride-plain` without the chain. */
const storeOf = (pool: Pool, variant: Variant): PostgresEventStore =>
  new PostgresEventStore(pool, {
    codec: variant === 'stride' ? new PersonalDataCodec(new UserKeyStore(randomBytes(32)), benchPolicy) : undefined,
    withoutChain: variant === 'stride-plain',
  });

/** The two append workloads on a store: (a) one event, (b) a batch of BATCH_SIZE, from USERS users in turn. */
const appendsTo = (store: PostgresEventStore): Pick<Contender, 'appendOne' | 'appendBatch'> => {
  const metadataOf = (i: number) => ({ metadata: { userId: `bench-user-${i % USERS}` } });
  return {
    appendOne: async (streamId, i) =>
      void (await store.append(streamId, [{ type: 'GoalCreated', data: payload(i), schemaVersion: 1 }], metadataOf(i))),
    appendBatch: async (streamId, i) =>
      void (await store.append(
        streamId,
        Array.from({ length: BATCH_SIZE }, (_, k) => ({
          type: 'TaskAdded',
          data: payload(i * BATCH_SIZE + k),
          schemaVersion: 1,
        })),
        metadataOf(i),
      )),
  };
};

async function stride(url: string, variant: Variant): Promise<Contender> {
  const pool = createPool(url, { max: CONCURRENCY });
  await migrate(pool, variant === 'stride-plain' ? { upTo: 39 } : {});
  if (variant === 'stride-plain') await pool.query(plainAppendReadingJsonb());
  const store = storeOf(pool, variant);
  return {
    name: variant,
    ...appendsTo(store),
    readEverything: async () => {
      // Gap-safe reads stop before any transaction still running on the server, in any database: on a
      // shared server, wait out other sessions' transactions rather than report a short read.
      const { rows } = await pool.query<{ total: number }>('SELECT count(*)::int AS total FROM events');
      const total = rows[0]!.total;
      let count = 0;
      let after: LogCheckpoint = LOG_START;
      while (count < total) {
        const page = await store.readAll({ after, limit: 1000 });
        if (page.length === 0) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          continue;
        }
        count += page.length;
        after = checkpointOf(page.at(-1)!);
      }
      return count;
    },
    close: () => pool.end(),
  };
}

async function emmett(url: string): Promise<Contender> {
  const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY });
  const store = getPostgreSQLEventStore(url, { connectionOptions: { pool } });
  await store.schema.migrate();
  const executor = dumbo({ connectionString: url, pool });
  return {
    name: 'emmett',
    appendOne: async (streamId, i) =>
      void (await store.appendToStream(streamId, [{ type: 'GoalCreated', data: payload(i) }])),
    appendBatch: async (streamId, i) =>
      void (await store.appendToStream(
        streamId,
        Array.from({ length: BATCH_SIZE }, (_, k) => ({ type: 'TaskAdded', data: payload(i * BATCH_SIZE + k) })),
      )),
    readEverything: async () => {
      let count = 0;
      let after = 0n;
      for (;;) {
        const batch = await readMessagesBatch(executor.execute, { after, batchSize: 1000 });
        if (batch.messages.length === 0) return count;
        count += batch.messages.length;
        after = batch.currentGlobalPosition;
        if (!batch.areMessagesLeft) return count;
      }
    },
    close: async () => {
      await store.close();
      await pool.end().catch(() => undefined);
    },
  };
}

/**
 * CPU per event of a run (us): this process's (the store and its driver) and the PostgreSQL server's; each
 * also as user and system time, with its voluntary context switches per event (waits: for a socket, a
 * lock, a flush), which tell work from wake-ups.
 */
interface CpuPerEvent {
  readonly nodeUs: number;
  readonly serverUs: number;
  readonly nodeUserUs: number;
  readonly nodeSystemUs: number;
  readonly serverUserUs: number;
  readonly serverSystemUs: number;
  readonly nodeSwitches: number;
  readonly serverSwitches: number;
}

/** A round's figures with its CPU per event. */
type RoundFigures = RunFigures & { readonly cpuPerEventUs: CpuPerEvent };

/** Runs `work` (appending `events` events) with the CPU this process spent on it per event (us). */
async function withNodeCpu<T>(
  events: number,
  work: () => Promise<T>,
): Promise<{ result: T; nodeUs: number; userUs: number; systemUs: number; switches: number }> {
  const [before, switchesBefore] = [process.cpuUsage(), voluntarySwitches('self')];
  const result = await work();
  const [used, switches] = [process.cpuUsage(before), voluntarySwitches('self') - switchesBefore];
  return {
    result,
    nodeUs: (used.user + used.system) / events,
    userUs: used.user / events,
    systemUs: used.system / events,
    switches: switches / events,
  };
}

/** The middle one of `values` by `key` (of an even count, the upper one). */
const medianBy = <T>(values: readonly T[], key: (value: T) => number): T =>
  [...values].sort((x, y) => key(x) - key(y))[Math.floor(values.length / 2)]!;

/** Runs `work` (appending `events` events) and adds the CPU it took, this process's and the server's. */
async function withCpu(
  cpuPool: Pool,
  events: number,
  work: () => Promise<{ seconds: number; latenciesMs: number[] }>,
): Promise<RoundFigures> {
  const serverBefore = await serverCpuReading(cpuPool);
  const { result: run, ...node } = await withNodeCpu(events, work);
  const server = serverCpuBetween(serverBefore, await serverCpuReading(cpuPool));
  const perEvent = (ms: number) => round((ms * 1000) / events, 1);
  return {
    ...figures(events, run.seconds, run.latenciesMs),
    cpuPerEventUs: {
      nodeUs: round(node.nodeUs, 1),
      serverUs: perEvent(server.ms),
      nodeUserUs: round(node.userUs, 1),
      nodeSystemUs: round(node.systemUs, 1),
      serverUserUs: perEvent(server.userMs),
      serverSystemUs: perEvent(server.systemMs),
      nodeSwitches: round(node.switches, 2),
      serverSwitches: round(server.switches / events, 2),
    },
  };
}

async function measureAppends(contender: Contender, round: number, cpuPool: Pool) {
  log(
    `\n[${contender.name}] round ${round}: (a) ${SINGLE_APPENDS} single-event appends to distinct streams, concurrency ${CONCURRENCY}`,
  );
  const single = await withCpu(cpuPool, SINGLE_APPENDS, () =>
    runConcurrently(
      SINGLE_APPENDS,
      CONCURRENCY,
      (i) => contender.appendOne(`goal-${randomUUID()}`, i),
      (done) => process.stderr.write(`\r  ${done}/${SINGLE_APPENDS}`),
    ),
  );
  log('');
  log(
    `[${contender.name}] round ${round}: (b) ${BATCH_APPENDS} appends of ${BATCH_SIZE} events, concurrency ${CONCURRENCY}`,
  );
  const batch = await withCpu(cpuPool, BATCH_APPENDS * BATCH_SIZE, () =>
    runConcurrently(BATCH_APPENDS, CONCURRENCY, (i) => contender.appendBatch(`goal-${randomUUID()}`, i)),
  );
  return { single, batch };
}

async function measureFullRead(contender: Contender) {
  log(`[${contender.name}] (c) full read of the global log`);
  const t0 = performance.now();
  const read = await contender.readEverything();
  const seconds = (performance.now() - t0) / 1000;
  return { events: read, seconds: round(seconds, 3), eventsPerSecond: Math.round(read / seconds) };
}

/**
 * A stand-in for the pool that answers every statement at once, for (d): what the store costs Node per
 * appended event, PostgreSQL's share (and its noise on this machine) left out. It keeps the data keys stored
 * (as user_keys would) and answers every append "appended"; it checks nothing and stores no event.
 */
const answeringPool = (): Pool => {
  const keys = new Map<string, Buffer>();
  const appended = { outcome: 'appended', stream_version: 1, first_position: 1, last_position: 1, transaction_id: '1' };
  const query = async (config: string | { text: string; values?: unknown[] }, parameters?: unknown[]) => {
    const text = typeof config === 'string' ? config : config.text;
    const values = parameters ?? (typeof config === 'string' ? [] : (config.values ?? []));
    if (text.includes('SELECT wrapped_key FROM user_keys')) {
      const wrapped = keys.get(values[0] as string);
      return { rows: wrapped ? [{ wrapped_key: wrapped }] : [] };
    }
    if (text.includes('INSERT INTO user_keys')) {
      for (const { u, k } of JSON.parse(values[0] as string) as Array<{ u: string; k: string }>) {
        keys.set(u, Buffer.from(k, 'base64'));
      }
      return { rows: [] };
    }
    if (text.includes('stride_append_batch')) return { rows: [appended] };
    throw new Error(`The answering pool does not answer: ${text}`);
  };
  return { query } as unknown as Pool;
};

/** (d): Node's CPU per appended event (µs) of each variant, (a) and (b), in alternating rounds (medians). */
async function measureNodeCpu(variants: readonly Variant[]) {
  const singles = 4000;
  const batches = 200;
  const stores = variants.map((variant) => ({ variant, ...appendsTo(storeOf(answeringPool(), variant)) }));
  const perEvent = new Map(variants.map((variant) => [variant, { single: [] as number[], batch: [] as number[] }]));
  const cpuPerEvent = async (events: number, work: () => Promise<void>) => (await withNodeCpu(events, work)).nodeUs;
  const inTurn = async (count: number, append: (streamId: string, i: number) => Promise<void>) => {
    for (let i = 0; i < count; i += 1) await append(`goal-${randomUUID()}`, i);
  };
  for (const store of stores) await inTurn(batches, store.appendBatch); // warm-up: keys made, code optimized
  for (let r = 0; r < 2 * ROUNDS + 1; r += 1) {
    for (const store of r % 2 === 0 ? stores : [...stores].reverse()) {
      const figures = perEvent.get(store.variant)!;
      figures.single.push(await cpuPerEvent(singles, () => inTurn(singles, store.appendOne)));
      figures.batch.push(await cpuPerEvent(batches * BATCH_SIZE, () => inTurn(batches, store.appendBatch)));
    }
  }
  const median = (values: number[]) =>
    round(
      medianBy(values, (value) => value),
      2,
    );
  return Object.fromEntries(
    [...perEvent].map(([variant, figures]) => [
      variant,
      { singleUs: median(figures.single), batchUs: median(figures.batch) },
    ]),
  ) as Record<Variant, { singleUs: number; batchUs: number }>;
}

const cpuTotal = (cpu: CpuPerEvent): number => cpu.nodeUs + cpu.serverUs;

/** The round whose CPU per event (this process's and the server's together) is the median. */
const medianCpu = (rounds: CpuPerEvent[]): CpuPerEvent => medianBy(rounds, cpuTotal);

/** The round whose throughput is the median (rounds alternate contenders so background load falls on both). */
const medianRun = (runs: RoundFigures[]): RoundFigures => medianBy(runs, (run) => run.eventsPerSecond);

const row = (label: string, f: RunFigures) =>
  `${label.padEnd(30)} ${String(f.eventsPerSecond).padStart(10)} ev/s   p50 ${String(f.p50Ms).padStart(7)} ms   p99 ${String(f.p99Ms).padStart(7)} ms`;

interface Results {
  single: RoundFigures;
  batch: RoundFigures;
  /** The round whose CPU per event (Node + server) is the median, of each workload. */
  cpuPerEventUs: { single: CpuPerEvent; batch: CpuPerEvent };
  fullRead: { events: number; seconds: number; eventsPerSecond: number };
}

async function main() {
  const suffix = `${Date.now().toString(36)}`;
  const names = {
    stride: `stride_bench_${suffix}`,
    strideChain: `stride_chain_bench_${suffix}`,
    stridePlain: `stride_plain_bench_${suffix}`,
    emmett: `emmett_bench_${suffix}`,
  };
  const contenders: Contender[] = [];
  const results: Record<string, Results> = {};
  // Reads the server's CPU between rounds (any connection to it tells where its processes are).
  const cpuPool = createPool(adminUrl, { max: 1 });
  try {
    contenders.push(
      await stride(await createDatabase(names.stride), 'stride'),
      await stride(await createDatabase(names.strideChain), 'stride-chain'),
      await stride(await createDatabase(names.stridePlain), 'stride-plain'),
      await emmett(await createDatabase(names.emmett)),
    );
    for (const contender of contenders) {
      log(`[${contender.name}] warm-up`);
      await runConcurrently(500, CONCURRENCY, (i) => contender.appendOne(`warm-${randomUUID()}`, i));
    }
    const rounds = new Map<string, Array<{ single: RoundFigures; batch: RoundFigures }>>(
      contenders.map((c) => [c.name, []]),
    );
    for (let r = 1; r <= ROUNDS; r += 1) {
      for (const contender of r % 2 === 1 ? contenders : [...contenders].reverse()) {
        rounds.get(contender.name)!.push(await measureAppends(contender, r, cpuPool));
      }
    }
    for (const contender of contenders) {
      const runs = rounds.get(contender.name)!;
      results[contender.name] = {
        single: medianRun(runs.map((x) => x.single)),
        batch: medianRun(runs.map((x) => x.batch)),
        cpuPerEventUs: {
          single: medianCpu(runs.map((x) => x.single.cpuPerEventUs)),
          batch: medianCpu(runs.map((x) => x.batch.cpuPerEventUs)),
        },
        fullRead: await measureFullRead(contender),
      };
    }
  } finally {
    await Promise.all(contenders.map((c) => c.close()));
    await cpuPool.end();
    await Promise.all(Object.values(names).map(dropDatabase));
  }
  log('(d) Node CPU per appended event, against a pool that answers at once');
  const nodeCpu = await measureNodeCpu(['stride', 'stride-chain', 'stride-plain']);
  const ours = results.stride!;
  const theirs = results.emmett!;
  const chain = results['stride-chain']!;
  const plain = results['stride-plain']!;
  const ratios = {
    singleAppendThroughput: round(ours.single.eventsPerSecond / theirs.single.eventsPerSecond, 2),
    batchAppendThroughput: round(ours.batch.eventsPerSecond / theirs.batch.eventsPerSecond, 2),
    fullReadThroughput: round(ours.fullRead.eventsPerSecond / theirs.fullRead.eventsPerSecond, 2),
    singleAppendP99: round(ours.single.p99Ms / theirs.single.p99Ms, 2),
    batchAppendP99: round(ours.batch.p99Ms / theirs.batch.p99Ms, 2),
    // As shipped over neither chain nor encryption (1 = free; the bar is >= 0.85), and the chain alone.
    trustSingleAppendThroughput: round(ours.single.eventsPerSecond / plain.single.eventsPerSecond, 2),
    trustBatchAppendThroughput: round(ours.batch.eventsPerSecond / plain.batch.eventsPerSecond, 2),
    chainSingleAppendThroughput: round(chain.single.eventsPerSecond / plain.single.eventsPerSecond, 2),
    chainBatchAppendThroughput: round(chain.batch.eventsPerSecond / plain.batch.eventsPerSecond, 2),
    // The same by CPU per event (Node + server, plain's over ours): what the features cost the machine, a
    // figure that moves less than a rate.
    trustSingleAppendCpu: round(cpuTotal(plain.cpuPerEventUs.single) / cpuTotal(ours.cpuPerEventUs.single), 2),
    trustBatchAppendCpu: round(cpuTotal(plain.cpuPerEventUs.batch) / cpuTotal(ours.cpuPerEventUs.batch), 2),
    chainSingleAppendCpu: round(cpuTotal(plain.cpuPerEventUs.single) / cpuTotal(chain.cpuPerEventUs.single), 2),
    chainBatchAppendCpu: round(cpuTotal(plain.cpuPerEventUs.batch) / cpuTotal(chain.cpuPerEventUs.batch), 2),
  };
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: round(os.totalmem() / 2 ** 30, 1),
    node: process.version,
  };
  console.log(
    `\nEvent store benchmark on ${machine.cpus} cores (${machine.cpuModel}), PostgreSQL at ${new URL(adminUrl).host}`,
  );
  for (const [name, r] of Object.entries(results)) {
    console.log(row(`${name} (a) single appends`, r.single));
    console.log(row(`${name} (b) 100-event batches`, r.batch));
    console.log(
      `${`${name} (c) full read`.padEnd(30)} ${String(r.fullRead.eventsPerSecond).padStart(10)} ev/s   (${r.fullRead.events} events)`,
    );
  }
  console.log(
    `ratios ours/emmett: (a) ${ratios.singleAppendThroughput}x  (b) ${ratios.batchAppendThroughput}x  (c) ${ratios.fullReadThroughput}x   target (a),(b) >= 1.5x`,
  );
  console.log(
    `chain + encryption vs neither: (a) ${ratios.trustSingleAppendThroughput}x  (b) ${ratios.trustBatchAppendThroughput}x   (chain alone (a) ${ratios.chainSingleAppendThroughput}x  (b) ${ratios.chainBatchAppendThroughput}x)   target >= 0.85x`,
  );
  const cpuLine = (workload: 'single' | 'batch') =>
    Object.entries(results)
      .map(([name, r]) => `${name} ${r.cpuPerEventUs[workload].nodeUs} + ${r.cpuPerEventUs[workload].serverUs}`)
      .join(', ');
  console.log(`CPU per event, Node + PostgreSQL server (us): (a) ${cpuLine('single')}`);
  console.log(`                                              (b) ${cpuLine('batch')}`);
  const splitLine = (workload: 'single' | 'batch') =>
    Object.entries(results)
      .map(([name, r]) => {
        const cpu = r.cpuPerEventUs[workload];
        return `${name} ${cpu.nodeUserUs} + ${cpu.nodeSystemUs}, ${cpu.nodeSwitches} | ${cpu.serverUserUs} + ${cpu.serverSystemUs}, ${cpu.serverSwitches}`;
      })
      .join('; ');
  console.log(`the same as user + system us and waits per event, Node | server: (a) ${splitLine('single')}`);
  console.log(`                                                                 (b) ${splitLine('batch')}`);
  console.log(
    `by CPU, chain + encryption vs neither: (a) ${ratios.trustSingleAppendCpu}x  (b) ${ratios.trustBatchAppendCpu}x   (chain alone (a) ${ratios.chainSingleAppendCpu}x  (b) ${ratios.chainBatchAppendCpu}x)`,
  );
  console.log(
    `Node CPU per event, the database left out (d): (a) ${nodeCpu.stride.singleUs} / ${nodeCpu['stride-chain'].singleUs} / ${nodeCpu['stride-plain'].singleUs} us, (b) ${nodeCpu.stride.batchUs} / ${nodeCpu['stride-chain'].batchUs} / ${nodeCpu['stride-plain'].batchUs} us (as shipped / chain alone / neither)`,
  );
  console.log(
    JSON.stringify({
      benchmark: 'eventstore',
      machine,
      concurrency: CONCURRENCY,
      rounds: ROUNDS,
      stride: ours,
      strideChain: chain,
      stridePlain: plain,
      emmett: theirs,
      nodeCpuPerEventUs: nodeCpu,
      ratios,
    }),
  );
}

await main();
