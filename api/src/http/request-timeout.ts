import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

interface InFlight {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  readonly deadline: number;
}

/**
 * Spec section 9: a request answers within REQUEST_TIMEOUT_MS (10 s). When the handler has not answered by
 * then, the client gets a 503 (`code: 'timeout'`) and the handler's late answer is dropped. Commands are
 * atomic, so a timed-out command either committed (a retry with its Idempotency-Key returns its result) or
 * did not happen. A response already under way (a streamed file or draft whose headers are out) is left
 * alone, and so is one whose connection closed early (a browser that stopped a download by navigating
 * away): there is nobody left to answer, and a timer must never throw (it would take the process down).
 *
 * One sweeping timer for every request instead of a timer and a close listener each (a tenth of the
 * timeout apart, at most 250 ms): a request is answered between `timeoutMs - tick` and `timeoutMs` after it
 * came. Requests are kept in arrival order, so their deadlines are in order too and a sweep stops at the
 * first one not yet due.
 */
export function registerRequestTimeout(app: FastifyInstance, timeoutMs: number): void {
  const tick = Math.max(5, Math.min(250, Math.floor(timeoutMs / 10)));
  const inFlight = new Map<FastifyRequest, InFlight>();

  const answerTimedOut = ({ request, reply }: InFlight) => {
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
  };

  const sweep = () => {
    const now = performance.now();
    for (const entry of inFlight.values()) {
      if (entry.deadline > now) break;
      inFlight.delete(entry.request);
      answerTimedOut(entry);
    }
  };
  const timer = setInterval(sweep, tick);
  timer.unref();

  app.addHook('onRequest', async (request, reply) => {
    inFlight.set(request, { request, reply, deadline: performance.now() + timeoutMs - tick });
  });
  // A request whose connection closed before its response ends without onResponse: the sweep drops it.
  app.addHook('onResponse', async (request) => {
    inFlight.delete(request);
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    inFlight.clear();
  });
}
