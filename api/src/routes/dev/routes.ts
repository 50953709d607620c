import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devSignInBodySchema, devSignInResponseSchema } from '@stride/domain/contracts/users';
import { accountDeletedError } from '../../auth/erased-accounts';

/**
 * POST /api/dev/sign-in (AUTH_MODE=dev only; public): any email signs in; the same email is always the
 * same user, so an erased user's email is refused (account_deleted). Mounted only in dev mode
 * (route-plugins.ts), so with AUTH_MODE=clerk it does not exist.
 */
const devAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sign-in',
    { schema: { body: devSignInBodySchema, response: { 200: devSignInResponseSchema } } },
    async (request) => {
      const { devTokens } = app;
      if (!devTokens) throw new Error('Dev sign-in is mounted without dev tokens');
      const user = devTokens.userFor(request.body.email, request.body.name);
      // The same email is the same user: once that user was erased, the email cannot sign in again.
      if (await app.services.userKeys.isErased(user.id, app.services.pool)) throw accountDeletedError();
      request.log.info({ userId: user.id }, 'dev sign-in');
      return { token: await devTokens.issue(user), user };
    },
  );
};

export default devAuthRoutes;
