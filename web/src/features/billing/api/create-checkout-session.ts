import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

export const checkoutSessionResponseSchema = z.object({ sessionId: z.string(), url: z.string().nullish() });

/** Spec section 7: default success and cancel URLs. */
export const DEFAULT_SUCCESS_PATH = '/payment-success?success=true';
export const DEFAULT_CANCEL_PATH = '/pricing';

/** POST /api/stripe/create-checkout-session-simple {priceId, successUrl, cancelUrl} -> {sessionId, url}. */
export const createCheckoutSession = ({
  priceId,
  successUrl = `${window.location.origin}${DEFAULT_SUCCESS_PATH}`,
  cancelUrl = `${window.location.origin}${DEFAULT_CANCEL_PATH}`,
}: {
  priceId: string;
  successUrl?: string;
  cancelUrl?: string;
}) => apiClient.post('/stripe/create-checkout-session-simple', { priceId, successUrl, cancelUrl }, { schema: checkoutSessionResponseSchema });

export const useCreateCheckoutSession = () => useMutation({ mutationFn: createCheckoutSession });
