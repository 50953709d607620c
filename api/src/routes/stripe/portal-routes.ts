import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createBillingPortalDirectBodySchema,
  createBillingPortalDirectResponseSchema,
  createBillingPortalSessionBodySchema,
  createBillingPortalSessionResponseSchema,
  createBillingPortalSimpleBodySchema,
  createBillingPortalSimpleResponseSchema,
  DEFAULT_PORTAL_RETURN_PATH,
} from '@stride/domain/contracts/billing';
import { DomainError } from '@stride/domain/shared/domain-error';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/auth-user';
import { PaymentProviderError, portalNotConfigured } from '@stride/application/billing/billing-errors';
import type { BillingModule } from '@stride/application/billing/billing-module';
import { openBillingPortal, type PortalAnswer } from '@stride/application/billing/billing-portal';
import { resolveReturnUrl } from '@stride/application/billing/return-urls';
import { originsOf } from './request-origins';

const PORTAL_OPENED = 'Billing portal session created';

/** The portal's URL, or the HTTP error that tells why there is none (session and simple variants). */
const urlOrThrow = (answer: PortalAnswer): string => {
  switch (answer.kind) {
    case 'ok':
      return answer.url;
    case 'no_customer':
      throw new DomainError('not_found', answer.message);
    case 'not_configured':
      throw portalNotConfigured(answer.message, answer.instruction);
    default: {
      const unhandled: never = answer;
      throw new Error(`Unhandled portal answer ${JSON.stringify(unhandled)}`);
    }
  }
};

/**
 * The three billing-portal calls of spec section 7 (the web app tries direct, then session, then simple):
 * - create-billing-portal-session {returnUrl}: {url}; 404 without a billing account, 503 when the Stripe
 *   account has no portal configuration;
 * - create-billing-portal-direct {email, returnUrl}: always 200 with {success, url, requiresManualConfig,
 *   message, instruction}, so the web app can show the manual-configuration instruction;
 * - create-billing-portal-simple {email, returnUrl}: {url, message}; errors as the session variant.
 */
export const portalRoutes =
  (billing: BillingModule): FastifyPluginAsyncZod =>
  async (app) => {
    const open = (request: FastifyRequest, input: { email?: string; returnUrl?: string }) =>
      openBillingPortal(billing.deps, requireUser(request), {
        ...(input.email !== undefined && { email: input.email }),
        returnUrl: resolveReturnUrl(
          input.returnUrl,
          DEFAULT_PORTAL_RETURN_PATH,
          originsOf(request, billing.publicUrl),
          'returnUrl',
        ),
      });

    app.post(
      '/create-billing-portal-session',
      {
        schema: {
          body: createBillingPortalSessionBodySchema,
          response: { 200: createBillingPortalSessionResponseSchema },
        },
      },
      async (request) => ({ url: urlOrThrow(await open(request, request.body)) }),
    );

    app.post(
      '/create-billing-portal-simple',
      {
        schema: {
          body: createBillingPortalSimpleBodySchema,
          response: { 200: createBillingPortalSimpleResponseSchema },
        },
      },
      async (request) => ({ url: urlOrThrow(await open(request, request.body)), message: PORTAL_OPENED }),
    );

    app.post(
      '/create-billing-portal-direct',
      {
        schema: {
          body: createBillingPortalDirectBodySchema,
          response: { 200: createBillingPortalDirectResponseSchema },
        },
      },
      async (request) => {
        let answer: PortalAnswer;
        try {
          answer = await open(request, request.body);
        } catch (error) {
          if (!(error instanceof PaymentProviderError)) throw error;
          request.log.warn({ err: error }, 'billing portal unavailable');
          return { success: false, url: null, requiresManualConfig: false, message: error.message, instruction: null };
        }
        switch (answer.kind) {
          case 'ok':
            return {
              success: true,
              url: answer.url,
              requiresManualConfig: false,
              message: PORTAL_OPENED,
              instruction: null,
            };
          case 'not_configured':
            return {
              success: false,
              url: null,
              requiresManualConfig: true,
              message: answer.message,
              instruction: answer.instruction,
            };
          case 'no_customer':
            return {
              success: false,
              url: null,
              requiresManualConfig: false,
              message: answer.message,
              instruction: null,
            };
          default: {
            const unhandled: never = answer;
            throw new Error(`Unhandled portal answer ${JSON.stringify(unhandled)}`);
          }
        }
      },
    );
  };
