import {
  createBillingPortalDirectResponseSchema,
  createBillingPortalSessionResponseSchema,
  createBillingPortalSimpleResponseSchema,
  DEFAULT_PORTAL_RETURN_PATH,
} from '@stride/domain/contracts/billing';
import { apiClient } from '../../../lib/api-client';

const returnUrl = (path = DEFAULT_PORTAL_RETURN_PATH) => `${window.location.origin}${path}`;

/** POST /api/stripe/create-billing-portal-session {returnUrl} -> {url}. */
export const createBillingPortalSession = (path?: string) =>
  apiClient.post(
    '/stripe/create-billing-portal-session',
    { returnUrl: returnUrl(path) },
    { schema: createBillingPortalSessionResponseSchema },
  );

/** POST /api/stripe/create-billing-portal-direct {email, returnUrl}: never an HTTP error for portal problems. */
export const createBillingPortalDirect = (email: string, path?: string) =>
  apiClient.post(
    '/stripe/create-billing-portal-direct',
    { email, returnUrl: returnUrl(path) },
    { schema: createBillingPortalDirectResponseSchema },
  );

/** POST /api/stripe/create-billing-portal-simple {email, returnUrl} -> {url, message}. */
export const createBillingPortalSimple = (email: string, path?: string) =>
  apiClient.post(
    '/stripe/create-billing-portal-simple',
    { email, returnUrl: returnUrl(path) },
    { schema: createBillingPortalSimpleResponseSchema },
  );
