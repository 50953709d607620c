import { userUsageBypassResponseSchema } from '@stride/domain/contracts/users';
import { apiClient } from '../../../lib/api-client';

/** GET /api/user/get-user-data-bypass: this month's counters only. */
export const getUserDataBypass = (signal?: AbortSignal) =>
  apiClient.get('/user/get-user-data-bypass', { schema: userUsageBypassResponseSchema, signal });
