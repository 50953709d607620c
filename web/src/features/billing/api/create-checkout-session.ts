import { useMutation } from '@tanstack/react-query';
import {
  createCheckoutSessionResponseSchema,
  DEFAULT_CHECKOUT_CANCEL_PATH,
  DEFAULT_CHECKOUT_SUCCESS_PATH,
} from '@stride/domain/contracts/billing';
import { apiClient } from '../../../lib/api-client';

/** POST /api/stripe/create-checkout-session-simple {priceId, successUrl, cancelUrl} -> {sessionId, url}. */
export const createCheckoutSession = ({
  priceId,
  successUrl = `${window.location.origin}${DEFAULT_CHECKOUT_SUCCESS_PATH}`,
  cancelUrl = `${window.location.origin}${DEFAULT_CHECKOUT_CANCEL_PATH}`,
}: {
  priceId: string;
  successUrl?: string;
  cancelUrl?: string;
}) =>
  apiClient.post(
    '/stripe/create-checkout-session-simple',
    { priceId, successUrl, cancelUrl },
    { schema: createCheckoutSessionResponseSchema },
  );

export const useCreateCheckoutSession = () => useMutation({ mutationFn: createCheckoutSession });
