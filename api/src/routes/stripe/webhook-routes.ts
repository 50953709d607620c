import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { stripeWebhookResponseSchema } from '@stride/domain/contracts/billing';
import type { BillingModule } from '@stride/application/billing/billing-module';
import { HttpError } from '../../http/http-errors';

/**
 * POST /api/stripe/webhook (public; Stripe signs it). The body is read as the exact bytes received
 * (a content-type parser scoped to this plugin), because the signature covers them. Answers: 200 for an
 * applied, ignored or duplicate event; 400 for a bad signature (nothing changes); 500 when a handled
 * event cannot be read, so Stripe delivers it again later.
 */
export const webhookRoutes =
  (billing: BillingModule): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeContentTypeParser(['application/json']);
    app.addContentTypeParser(['application/json', '*'], { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    app.post('/webhook', { schema: { response: { 200: stripeWebhookResponseSchema } } }, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      try {
        const outcome = await billing.webhooks.handle(raw, Array.isArray(signature) ? signature[0] : signature);
        return { received: true as const, duplicate: outcome === 'duplicate', outcome };
      } catch (error) {
        if (error instanceof ZodError) {
          request.log.error({ err: error }, 'a Stripe event of a handled type could not be read');
          throw new HttpError(500, 'webhook_unreadable', 'The event could not be processed');
        }
        throw error;
      }
    });
  };
