import { checkExpiredSubscriptionsResponseSchema } from '@stride/domain/contracts/billing';
import { apiClient } from '../../../lib/api-client';

/** POST /api/stripe/check-expired-subscriptions (empty body): ends this account's grace period if it ran out. */
export const checkExpiredSubscriptions = () =>
  apiClient.post('/stripe/check-expired-subscriptions', {}, { schema: checkExpiredSubscriptionsResponseSchema });
