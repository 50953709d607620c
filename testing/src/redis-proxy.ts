import { createServer, Socket, type Server } from 'node:net';
import { testRedisUrl } from './services';

export interface RedisProxy {
  readonly url: string;
  /** From now on nothing passes either way; connections stay open. */
  blackhole(): void;
  /** Redis is back: the silent connections break, so the clients reconnect through the proxy. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy to the local Redis that can turn into a black hole: connections stay open and nothing comes
 * back, which is how a Redis behind a dead network path looks to ioredis (commands hang, no error).
 */
export async function redisProxy(): Promise<RedisProxy> {
  const target = new URL(testRedisUrl());
  let dropping = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('error', () => undefined);
    if (dropping) return;
    const upstream = new Socket();
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    upstream.connect(Number(target.port || 6379), target.hostname);
    client.on('data', (chunk) => {
      if (!dropping) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!dropping) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `redis://127.0.0.1:${port}`,
    blackhole: () => {
      dropping = true;
    },
    restore: () => {
      dropping = false;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
