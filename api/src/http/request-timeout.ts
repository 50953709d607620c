import type { FastifyInstance } from 'fastify';

/**
 * Spec section 9: a request answers within REQUEST_TIMEOUT_MS (10 s). When the handler has not answered by
 * then, the client gets a 503 (`code: 'timeout'`) and the handler's late answer is dropped. Commands are
 * atomic, so a timed-out command either committed (a retry with its Idempotency-Key returns its result) or
 * did not happen.
 */
export function registerRequestTimeout(app: FastifyInstance, timeoutMs: number): void {
  const timers = new WeakMap<object, NodeJS.Timeout>();
  app.addHook('onRequest', async (request, reply) => {
    const timer = setTimeout(() => {
      if (reply.sent) return;
      request.log.warn({ timeoutMs }, 'request timed out');
      void reply
        .code(503)
        .header('retry-after', '1')
        .send({ error: `Request timeout after ${timeoutMs}ms`, code: 'timeout' });
    }, timeoutMs);
    timer.unref();
    timers.set(request, timer);
  });
  app.addHook('onResponse', async (request) => {
    clearTimeout(timers.get(request));
  });
}
