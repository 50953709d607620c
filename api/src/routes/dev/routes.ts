import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devSignInBodySchema, devSignInResponseSchema } from '@stride/domain/contracts/users';
import { accountDeletedError } from '../../auth/erased-accounts';

/** How many times one email may delete its account and start again (a bound on the sign-in's lookups). */
const ACCOUNTS_PER_EMAIL = 100;

/**
 * POST /api/dev/sign-in (AUTH_MODE=dev only; public): any email signs in; the same email is always the same
 * user, until that user deletes their account (or is erased): then the email starts a new, empty account
 * under the next generation's id, as a new sign-up does with Clerk once the old identity is deleted. Mounted
 * only in dev mode (route-plugins.ts), so with AUTH_MODE=clerk it does not exist.
 */
const devAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sign-in',
    { schema: { body: devSignInBodySchema, response: { 200: devSignInResponseSchema } } },
    async (request) => {
      const { devTokens } = app;
      if (!devTokens) throw new Error('Dev sign-in is mounted without dev tokens');
      for (let generation = 0; generation < ACCOUNTS_PER_EMAIL; generation += 1) {
        const user = devTokens.userFor(request.body.email, request.body.name, generation);
        if (await app.services.userKeys.isErased(user.id, app.services.pool)) continue;
        request.log.info({ userId: user.id, generation }, 'dev sign-in');
        return { token: await devTokens.issue(user, generation), user };
      }
      throw accountDeletedError();
    },
  );
};

export default devAuthRoutes;
