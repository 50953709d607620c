import net from 'node:net';

/** Where the tests find their services. The defaults are the servers that run on every machine of ours. */
export const testServiceDefaults = {
  postgresAdminUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: 'redis://127.0.0.1:6379',
};

export const isPortOpen = (host: string, port: number, timeoutMs = 1_000): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });

export const urlIsReachable = (url: string): Promise<boolean> => {
  const parsed = new URL(url);
  return isPortOpen(parsed.hostname, Number(parsed.port));
};

export function testPostgresAdminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? testServiceDefaults.postgresAdminUrl;
}

export function testRedisUrl(): string {
  return process.env.TEST_REDIS_URL ?? testServiceDefaults.redisUrl;
}
