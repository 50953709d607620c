import type { FastifyInstance } from 'fastify';

/**
 * Spec section 9: a request answers within REQUEST_TIMEOUT_MS (10 s). When the handler has not answered by
 * then, the client gets a 503 (`code: 'timeout'`) and the handler's late answer is dropped. Commands are
 * atomic, so a timed-out command either committed (a retry with its Idempotency-Key returns its result) or
 * did not happen. A response already under way (a streamed file or draft whose headers are out) is left
 * alone, and so is one whose connection closed early (a browser that stopped a download by navigating
 * away): there is nobody left to answer, and a timer must never throw (it would take the process down).
 */
export function registerRequestTimeout(app: FastifyInstance, timeoutMs: number): void {
  const timers = new WeakMap<object, NodeJS.Timeout>();
  app.addHook('onRequest', async (request, reply) => {
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) return;
      request.log.warn({ timeoutMs }, 'request timed out');
      try {
        void reply
          .code(503)
          .type('application/json; charset=utf-8') // the handler may have chosen another type already
          .header('retry-after', '1')
          .send({ error: `Request timeout after ${timeoutMs}ms`, code: 'timeout' });
      } catch (error) {
        request.log.error({ err: error }, 'could not answer the timed-out request');
      }
    }, timeoutMs);
    timer.unref();
    timers.set(request, timer);
    // 'close' also comes when the connection ends before the response does (onResponse does not then).
    reply.raw.once('close', () => clearTimeout(timer));
  });
  app.addHook('onResponse', async (request) => {
    clearTimeout(timers.get(request));
  });
}
