/**
 * `npm run start:stack`: the scale-out topology on one machine without Docker (see stack.ts). PostgreSQL and
 * Redis come from DATABASE_URL and REDIS_URL (default: the local servers, database `stride_stack`, created if
 * missing). Logs: .data/stack/logs/<process>.log, and every line on this terminal prefixed with its process.
 * Ctrl-C stops every process.
 */
import path from 'node:path';
import pg from 'pg';
import { repoRoot } from './child-process';
import { startStack } from './stack';

const env = (name: string, fallback: string) => process.env[name] || fallback;
const databaseUrl = env('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/stride_stack');
const redisUrl = env('REDIS_URL', 'redis://127.0.0.1:6379');

// Create the database when it is missing (a fresh machine).
const url = new URL(databaseUrl);
const name = url.pathname.slice(1);
const admin = new pg.Client({ connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).href });
await admin.connect();
const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
if (!rowCount) await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
await admin.end();

const port = (variable: string, fallback: number) => Number(env(variable, String(fallback)));
const stack = await startStack({
  databaseUrl,
  redisUrl,
  dir: path.resolve(repoRoot, env('STACK_DIR', '.data/stack')),
  echo: true,
  ports: {
    apis: [port('PORT', 3000), port('STACK_SECOND_API_PORT', 3002)],
    workersHealth: port('WORKERS_HEALTH_PORT', 3001),
    kafka: port('STACK_KAFKA_PORT', 19092),
    clickhouse: port('STACK_CLICKHOUSE_PORT', 18123),
  },
});
const line = '─'.repeat(60);
console.log(
  `\n${line}\n  Stride scale-out stack is running\n` +
    `  API: ${stack.apiUrls.join('  ')}\n  workers health: ${stack.workersHealthUrl}\n` +
    `  Kafka test broker: ${stack.kafkaBrokers}   ClickHouse stand-in: ${stack.clickhouseUrl}\n` +
    `  logs: ${path.join(env('STACK_DIR', '.data/stack'), 'logs')}   stop: Ctrl+C\n${line}\n`,
);
let stopping = false;
const stop = () => {
  if (stopping) process.exit(1);
  stopping = true;
  console.log('stopping the stack ...');
  void stack.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
