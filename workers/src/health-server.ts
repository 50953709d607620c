import { createServer, type Server } from 'node:http';
import type { ComponentHealth } from '@stride/platform/bus/event-bus';

/**
 * The worker process's health endpoint (`GET /health`): 200 with every component's status when none is
 * down, 503 otherwise. The scale-out stack's health check polls it.
 */
export async function startHealthServer(
  health: () => Promise<Record<string, ComponentHealth>>,
  options: { host: string; port: number },
): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/health') {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Not found' }));
      return;
    }
    health().then(
      (components) => {
        const down = Object.values(components).some((component) => component.status === 'down');
        response
          .writeHead(down ? 503 : 200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ status: down ? 'down' : 'up', components }));
      },
      (error: Error) => {
        response
          .writeHead(503, { 'content-type': 'application/json' })
          .end(JSON.stringify({ status: 'down', error: error.message }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
