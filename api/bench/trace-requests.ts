/**
 * Counts the SQL statements (round trips) each write request sends: `npx tsx api/bench/trace-requests.ts`
 * (TRACE_IDEMPOTENCY=1: with an Idempotency-Key on every POST, as the web app sends; TRACE_PLANS=1: then every
 * connection's prepared statements, with how often each was planned for its values and how often it reused a plan).
 * pg's Client.query is wrapped to log every statement with its duration between the request's start and end.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { IDEMPOTENCY_KEY_HEADER } from '@stride/domain/contracts/common';
import { recordEvents } from '@stride/application/commands/record-events';
import { streamIds } from '@stride/domain/stream-ids';
import { createPgliteTestDatabase, createServerTestDatabase } from '@stride/testing/postgres';
import { serverCpuBetween, serverCpuReading } from '@stride/testing/process-cpu';
import { composeBenchApi } from './bench-stride';

const TEXT = Number(process.env.TRACE_TEXT ?? 160);
/** TRACE_IDEMPOTENCY=1: every POST carries a fresh Idempotency-Key, as the web app sends. */
const KEYED = Boolean(process.env.TRACE_IDEMPOTENCY);
const REPEAT = Number(process.env.TRACE_REPEAT ?? 1);
const stats = new Map<string, { n: number; ms: number; statements: number; total: number }>();
let log: Array<{ text: string; ms: number }> | null = null;
const original = pg.Client.prototype.query;
/** TRACE_EXPLAIN=1: every traced statement's plan (nested ones too) goes to the server log, by auto_explain. */
const explained = new WeakSet<pg.Client>();
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (process.env.TRACE_EXPLAIN && log && !explained.has(this)) {
    explained.add(this);
    void (original as (...a: unknown[]) => Promise<unknown>).call(
      this,
      "LOAD 'auto_explain'; SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on; SET auto_explain.log_timing = off; SET auto_explain.log_nested_statements = on; SET auto_explain.log_level = 'LOG'",
    );
  }
  const config = args[0] as string | { text: string; name?: string };
  const text = typeof config === 'string' ? config : `${config.name ? `[${config.name}] ` : ''}${config.text}`;
  const t0 = performance.now();
  const entry = { text: text.replace(/\s+/g, ' ').slice(0, TEXT), ms: 0 };
  const callback = args.at(-1);
  if (typeof callback === 'function') {
    args[args.length - 1] = (...cbArgs: unknown[]) => {
      entry.ms = performance.now() - t0;
      return (callback as (...a: unknown[]) => unknown)(...cbArgs);
    };
  }
  const result = (original as (...a: unknown[]) => unknown).apply(this, args);
  if (log) log.push(entry);
  if (result && typeof (result as Promise<unknown>).then === 'function') {
    (result as Promise<unknown>).then(
      () => (entry.ms = performance.now() - t0),
      () => (entry.ms = performance.now() - t0),
    );
  }
  return result;
} as typeof pg.Client.prototype.query;

// TRACE_EMBEDDED=1: on PGlite behind pglite-socket (the embedded default's database), in memory.
const database = process.env.TRACE_EMBEDDED
  ? await createPgliteTestDatabase()
  : await createServerTestDatabase({ poolSize: 10 });
const { stride, app } = await composeBenchApi(database);
await app.ready();

const email = `trace@bench.example.com`;
const signIn = await app.inject({ method: 'POST', url: '/api/dev/sign-in', payload: { email, name: 'Trace' } });
const { token, user } = signIn.json<{ token: string; user: { id: string } }>();
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
await app.inject({ method: 'POST', url: '/api/user/ensure-user-exists', headers, payload: { email, name: 'Trace' } });
await recordEvents(
  stride.services.commands,
  streamIds.billing(user.id),
  [
    {
      type: 'SubscriptionActivated',
      data: {
        tier: 'pro',
        status: 'active',
        subscriptionId: `sub_${user.id}`,
        customerId: `cus_${user.id}`,
        currentPeriodEnd: null,
        occurredAt: new Date().toISOString(),
      },
    },
  ],
  { userId: 'system:bench' },
);

const databaseCpu = () => serverCpuReading(database.pool);
const cpu = new Map<string, { api: number; db: number }>();

const traced = async (label: string, method: 'POST' | 'GET', url: string, payload?: Record<string, unknown>) => {
  if (REPEAT === 1) await new Promise((r) => setTimeout(r, 300));
  const kind0 = label.split(' ')[0]!;
  const db0 = REPEAT > 1 ? await databaseCpu() : null;
  const api0 = process.cpuUsage();
  log = [];
  const t0 = performance.now();
  const response = await app.inject({
    method,
    url,
    headers: KEYED && method === 'POST' ? { ...headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() } : headers,
    ...(payload !== undefined && { payload }),
  });
  const total = performance.now() - t0;
  if (REPEAT > 1) {
    const api = process.cpuUsage(api0);
    const db = serverCpuBetween(db0!, await databaseCpu()).ms;
    const c = cpu.get(kind0) ?? { api: 0, db: 0 };
    cpu.set(kind0, { api: c.api + (api.user + api.system) / 1000, db: c.db + db });
  }
  if (REPEAT === 1) await new Promise((r) => setTimeout(r, 50));
  const entries = log;
  log = null;
  const kind = label.split(' ')[0]!;
  const s = stats.get(kind) ?? { n: 0, ms: 0, statements: 0, total: 0 };
  stats.set(kind, { n: s.n + 1, ms: s.ms + total, statements: s.statements + entries.length, total: 0 });
  for (const e of entries) {
    const key = `${kind} ${e.text.slice(0, 70)}`;
    const t = stats.get(key) ?? { n: 0, ms: 0, statements: 0, total: 0 };
    stats.set(key, { n: t.n + 1, ms: t.ms + e.ms, statements: 0, total: 0 });
  }
  if (REPEAT > 1) return response;
  process.stdout.write(`\n== ${label}: ${response.statusCode}, ${entries.length} statements, ${total.toFixed(1)} ms\n`);
  for (const e of entries) process.stdout.write(`  ${e.ms.toFixed(2).padStart(7)} ms  ${e.text}\n`);
  return response;
};

for (let i = 0; i < Math.max(3, REPEAT); i += 1) {
  const created = await traced(`create-goal #${i}`, 'POST', '/api/goals/create-simple', {
    title: `Goal ${i}`,
    category: 'work',
  });
  const goalId = created.json<{ goal: { id: string } }>().goal.id;
  const added = await traced(`add-task #${i}`, 'POST', `/api/goals/${goalId}/tasks`, {
    tasks: [{ title: 'Task', estimated_minutes: 30 }],
  });
  const taskId = added.json<{ tasks: Array<{ id: string }> }>().tasks[0]!.id;
  await traced(`complete-task #${i}`, 'POST', `/api/goals/${goalId}/tasks/${taskId}/complete`, {});
  await traced(`reopen-task #${i}`, 'POST', `/api/goals/${goalId}/tasks/${taskId}/reopen`, {});
  await traced(`schedule-task #${i}`, 'POST', `/api/goals/${goalId}/tasks/${taskId}/schedule`, {
    do_date: i % 2 === 0 ? '2099-01-01' : null,
  });
  await traced(`list-goals #${i}`, 'GET', '/api/goals/list');
}

if (REPEAT > 1) {
  for (const [key, s] of [...stats].sort(([a], [b]) => a.localeCompare(b))) {
    const c = s.statements ? cpu.get(key) : undefined;
    process.stdout.write(
      `${(s.ms / s.n).toFixed(2).padStart(7)} ms  x${(s.n / (stats.get(key.split(' ')[0]!)?.n ?? 1)).toFixed(1)}  ${key}${s.statements ? `  (${(s.statements / s.n).toFixed(1)} statements)` : ''}${c ? `  CPU per request: API ${(c.api / s.n).toFixed(2)} ms, PostgreSQL ${(c.db / s.n).toFixed(2)} ms` : ''}\n`,
    );
  }
}
if (process.env.TRACE_PLANS) {
  // Every connection's prepared statements: how often each was planned for its values (custom) or reused its plan.
  const clients = (database.pool as unknown as { _clients: pg.PoolClient[] })._clients;
  for (const client of clients) {
    const { rows } = await client.query<{ generic_plans: number; custom_plans: number; text: string }>(
      'SELECT generic_plans, custom_plans, left(regexp_replace(statement, $$\\s+$$, $$ $$, $$g$$), 110) AS text FROM pg_prepared_statements ORDER BY custom_plans DESC',
    );
    for (const row of rows)
      process.stdout.write(`plans: generic ${row.generic_plans} custom ${row.custom_plans}  ${row.text}\n`);
  }
}
await app.close();
await stride.stop();
await database.drop();
