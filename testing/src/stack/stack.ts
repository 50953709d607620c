/**
 * The scale-out topology on one machine, without Docker: the Kafka test broker, the ClickHouse stand-in, two
 * API processes (`start:api`) and one workers process (`start:workers`), each a separate process with its own
 * log, against a PostgreSQL and a Redis server. `npm run start:stack` runs it; the split-topology e2e test
 * drives it.
 */
import path from 'node:path';
import { loadMasterKey } from '@stride/platform/crypto/master-key';
import { StackChild, type ChildOptions } from './child-process';

export interface StackOptions {
  readonly databaseUrl: string;
  readonly redisUrl: string;
  /** Directory of the logs (one file per process) and of the processes' data directories. */
  readonly dir: string;
  readonly ports: {
    readonly apis: readonly [number, number];
    readonly workersHealth: number;
    readonly kafka: number;
    readonly clickhouse: number;
  };
  readonly echo?: boolean;
  /** Extra environment of the API and workers processes. */
  readonly env?: Readonly<Record<string, string>>;
}

export interface Stack {
  readonly apiUrls: readonly [string, string];
  readonly workersHealthUrl: string;
  readonly kafkaBrokers: string;
  readonly clickhouseUrl: string;
  readonly broker: StackChild;
  readonly clickhouse: StackChild;
  readonly apis: readonly [StackChild, StackChild];
  readonly workers: StackChild;
  startWorkers(): Promise<void>;
  /** Stops the broker and starts it again, empty (it keeps nothing). */
  restartBrokerEmpty(): Promise<void>;
  stop(): Promise<void>;
}

const isJsonWith = (key: string) => (line: string) => line.startsWith('{') && line.includes(`"${key}"`);

export async function startStack(options: StackOptions): Promise<Stack> {
  const { ports, dir } = options;
  const logDir = path.join(dir, 'logs');
  const kafkaBrokers = `127.0.0.1:${ports.kafka}`;
  const clickhouseUrl = `http://127.0.0.1:${ports.clickhouse}`;
  // One master key for every process of the deployment (each has its own DATA_DIR, where each would
  // otherwise generate its own, and no process could read the personal data another one wrote): the one
  // given, else `master.key` in the stack's directory, generated once and kept across restarts.
  const masterKey = await loadMasterKey({
    ENCRYPTION_MASTER_KEY: options.env?.ENCRYPTION_MASTER_KEY ?? process.env.ENCRYPTION_MASTER_KEY,
    dataDir: dir,
  });
  const appEnv = (name: string, extra: Record<string, string>): Record<string, string> => ({
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dir, name),
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    KAFKA_BROKERS: kafkaBrokers,
    CLICKHOUSE_URL: clickhouseUrl,
    CLICKHOUSE_DATABASE: 'stride',
    // Both API processes must accept each other's dev sessions.
    DEV_AUTH_SECRET: 'stride-stack-dev-secret-0123456789abcdef',
    ENCRYPTION_MASTER_KEY: masterKey.toString('base64'),
    AUTH_MODE: 'dev',
    WORKERS_HEALTH_PORT: String(ports.workersHealth),
    ...options.env,
    ...extra,
  });
  const child = (name: string, script: ChildOptions['script'], args: string[] = [], env?: Record<string, string>) =>
    new StackChild({ name, script, args, env, logDir, echo: options.echo });

  const broker = child('kafka-broker', 'testing/src/kafka-broker/main.ts', ['--port', String(ports.kafka)]);
  const clickhouse = child('clickhouse-standin', 'testing/src/clickhouse-standin/main.ts', [
    '--port',
    String(ports.clickhouse),
    '--path',
    path.join(dir, 'clickhouse'),
  ]);
  const api = (index: 0 | 1) =>
    child(`api-${index + 1}`, { bundle: 'api' }, [], appEnv(`api-${index + 1}`, { PORT: String(ports.apis[index]) }));
  const apis = [api(0), api(1)] as const;
  const workers = child('workers', { bundle: 'workers' }, [], appEnv('workers', {}));
  const apiReady = (line: string) => line.includes('Stride is running');
  const workersReady = (line: string) => line.includes('workers running');

  const all = [workers, apis[1], apis[0], clickhouse, broker];
  const stop = async () => {
    for (const each of all) await each.stop().catch(() => undefined);
  };
  try {
    await Promise.all([broker.start(isJsonWith('brokers')), clickhouse.start(isJsonWith('url'))]);
    await apis[0].start(apiReady); // the first one migrates PostgreSQL and ClickHouse
    await Promise.all([apis[1].start(apiReady), workers.start(workersReady)]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    apiUrls: [`http://127.0.0.1:${ports.apis[0]}`, `http://127.0.0.1:${ports.apis[1]}`],
    workersHealthUrl: `http://127.0.0.1:${ports.workersHealth}/health`,
    kafkaBrokers,
    clickhouseUrl,
    broker,
    clickhouse,
    apis,
    workers,
    async startWorkers() {
      await workers.start(workersReady);
    },
    async restartBrokerEmpty() {
      await broker.stop();
      await broker.start(isJsonWith('brokers'));
    },
    stop,
  };
}
