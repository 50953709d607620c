import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerAuthEnforcement, registerAuthHooks } from './auth/auth-hooks';
import { createAuthenticators } from './auth/create-token-verifier';
import { errorHandler } from './http/error-handler';
import { registerJsonBodyParser } from './http/json-body';
import { registerRateLimit } from './http/rate-limit';
import { registerRequestTimeout } from './http/request-timeout';
import { registerStorableTextGuard } from './http/storable-text';
import { routePlugins, type RoutePlugin } from './routes/route-plugins';
import type { Services } from '@stride/application/services';
import type { DevTokens } from './auth/dev-tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's services (database, event store, commands, projections, extensions). */
    readonly services: Services;
    /** Dev sign-in token issuer; null unless AUTH_MODE=dev. */
    readonly devTokens: DevTokens | null;
  }
}

export interface BuildAppOptions {
  /** The route plugins to mount; defaults to every entry of routes/route-plugins.ts. */
  readonly routes?: readonly RoutePlugin[];
}

/**
 * Builds the HTTP app (fastify/demo layout): zod validation and serialization, the error handler, request
 * timeout, authentication (one hook for all of /api), rate limiting, then the route plugins by folder.
 * Does not listen (server.ts does) and does not start the projections (the caller owns their lifecycle).
 * Tests boot exactly this and call `app.inject`.
 */
export async function buildApp(services: Services, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = services;
  const loggerInstance: FastifyBaseLogger = services.logger;
  const app: FastifyInstance = Fastify({
    loggerInstance,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1_048_576,
    // A URL that cannot be decoded (e.g. %ED%A0%80, a lone surrogate) is a 400 naming the URL, in the one shape.
    frameworkErrors: (error, _request, reply) => {
      const body = { error: error.message, code: error.code, details: { field: 'url' } };
      void (reply as FastifyReply).code(error.statusCode ?? 400).send(body);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  const authenticators = await createAuthenticators(config);
  app.decorate('services', services);
  app.decorate('devTokens', authenticators.devTokens);

  registerRequestTimeout(app, config.REQUEST_TIMEOUT_MS);
  registerJsonBodyParser(app);
  registerStorableTextGuard(app);
  registerAuthHooks(app, {
    config,
    verifier: authenticators.verifier,
    isErased: (userId) => services.userKeys.isErased(userId, services.pool),
  });
  registerRateLimit(app, config.RATE_LIMIT_PER_MINUTE);
  registerAuthEnforcement(app);

  for (const route of options.routes ?? routePlugins) {
    if (route.enabled && !route.enabled(config)) continue;
    await app.register(route.plugin, { prefix: route.prefix });
  }
  await app.register(
    async (api) => {
      api.setNotFoundHandler((request, reply) =>
        reply
          .code(404)
          .send({ error: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'not_found' }),
      );
    },
    { prefix: '/api' },
  );
  return app;
}
