import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

export const DEFAULT_PORTAL_RETURN_PATH = '/user-profile';

const portalSessionSchema = z.object({ url: z.string() });
const portalDirectSchema = z.object({
  success: z.boolean().optional(),
  url: z.string().nullish(),
  requiresManualConfig: z.boolean().optional(),
  message: z.string().nullish(),
  instruction: z.string().nullish(),
});
const portalSimpleSchema = z.object({ url: z.string().nullish(), message: z.string().nullish() });

const returnUrl = (path = DEFAULT_PORTAL_RETURN_PATH) => `${window.location.origin}${path}`;

/** POST /api/stripe/create-billing-portal-session {returnUrl} -> {url}. */
export const createBillingPortalSession = (path?: string) =>
  apiClient.post('/stripe/create-billing-portal-session', { returnUrl: returnUrl(path) }, { schema: portalSessionSchema });

/** POST /api/stripe/create-billing-portal-direct {email, returnUrl} (bearer token). */
export const createBillingPortalDirect = (email: string, path?: string) =>
  apiClient.post('/stripe/create-billing-portal-direct', { email, returnUrl: returnUrl(path) }, { schema: portalDirectSchema });

/** POST /api/stripe/create-billing-portal-simple {email, returnUrl} -> {url, message}. */
export const createBillingPortalSimple = (email: string, path?: string) =>
  apiClient.post('/stripe/create-billing-portal-simple', { email, returnUrl: returnUrl(path) }, { schema: portalSimpleSchema });
