import { useMutation } from '@tanstack/react-query';
import { checkAndResetResponseSchema } from '@stride/domain/contracts/usage';
import { apiClient } from '../../../lib/api-client';

/** POST /api/usage/check-and-reset {userId}: the server resets the month's counters when needed. */
export const checkAndReset = (userId: string) =>
  apiClient.post('/usage/check-and-reset', { userId }, { schema: checkAndResetResponseSchema });

export const useCheckAndReset = () => useMutation({ mutationFn: checkAndReset });
