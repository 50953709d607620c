/**
 * One test set-up for every tier that needs services. It first builds the server's bundles (dist/), which
 * the tests' own processes run. Here (and in CI) the local PostgreSQL and Redis servers are used. Where
 * they are not reachable but a Docker engine answers (a laptop, another CI), the same set-up starts them
 * with testcontainers. Either way tests read TEST_DATABASE_URL and TEST_REDIS_URL.
 */
import { buildServerBundles } from './server-bundles';
import { testServiceDefaults, urlIsReachable } from './services';

type Stop = () => Promise<void>;

export default async function globalSetup(): Promise<Stop> {
  const stops: Stop[] = [];
  // The processes tests start (startProduct, the stack, the browser journeys) run the server's bundles.
  await buildServerBundles();
  const pgUrl = process.env.TEST_DATABASE_URL ?? testServiceDefaults.postgresAdminUrl;
  const redisUrl = process.env.TEST_REDIS_URL ?? testServiceDefaults.redisUrl;

  if (!(await urlIsReachable(pgUrl))) {
    const started = await startWithTestcontainers('postgres', pgUrl);
    process.env.TEST_DATABASE_URL = started.url;
    stops.push(started.stop);
  } else {
    process.env.TEST_DATABASE_URL = pgUrl;
  }
  if (!(await urlIsReachable(redisUrl))) {
    const started = await startWithTestcontainers('redis', redisUrl);
    process.env.TEST_REDIS_URL = started.url;
    stops.push(started.stop);
  } else {
    process.env.TEST_REDIS_URL = redisUrl;
  }
  return async () => {
    for (const stop of stops) await stop();
  };
}

async function startWithTestcontainers(
  service: 'postgres' | 'redis',
  wanted: string,
): Promise<{ url: string; stop: Stop }> {
  const { GenericContainer, Wait } = await import('testcontainers').catch(() => {
    throw new Error(`${service} is not reachable at ${wanted} and testcontainers is unavailable`);
  });
  try {
    if (service === 'postgres') {
      const container = await new GenericContainer('postgres:16-alpine')
        .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
        .withExposedPorts(5432)
        .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
        .start();
      return {
        url: `postgres://postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`,
        stop: async () => void (await container.stop()),
      };
    }
    const container = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
    return {
      url: `redis://${container.getHost()}:${container.getMappedPort(6379)}`,
      stop: async () => void (await container.stop()),
    };
  } catch (error) {
    throw new Error(
      `${service} is not reachable at ${wanted}, and no Docker engine could start one. ` +
        `Start the local server (see README "Running the tests") or set TEST_${service === 'postgres' ? 'DATABASE' : 'REDIS'}_URL.`,
      { cause: error },
    );
  }
}
