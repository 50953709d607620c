/**
 * Runs one autocannon workload in its own process (forked by api.bench.ts), so the load generator does
 * not share the server's event loop. Receives the workload over IPC and sends autocannon's result back.
 */
import autocannon from 'autocannon';
import type { LoadResult, LoadSpec } from './load-spec';

const spec = await new Promise<LoadSpec>((resolve) =>
  process.once('message', (message) => resolve(message as LoadSpec)),
);
let counter = spec.rotateFrom ?? 0;
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.durationSeconds,
  requests: spec.rotate
    ? [
        {
          setupRequest: (request) => {
            const n = counter++;
            const next = spec.requests[n % spec.requests.length]!;
            return {
              ...request,
              method: next.method,
              path: next.path,
              headers: next.headers,
              ...(next.body !== undefined && { body: next.body.replaceAll('{{n}}', String(n)) }),
            };
          },
        },
      ]
    : spec.requests.map((request) => ({
        method: request.method,
        path: request.path,
        headers: request.headers,
        ...(request.body !== undefined && { body: request.body }),
      })),
});
const summary: LoadResult = {
  requestsPerSecond: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  total: result.requests.total,
  non2xx: result.non2xx,
  non2xxByStatus: Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {})
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, { count = 0 }]) => [status, count]),
  ),
  errors: result.errors,
  timeouts: result.timeouts,
  ...(spec.rotate && { rotated: counter }),
};
process.send?.(summary, () => process.exit(0));
