import { useMutation } from '@tanstack/react-query';
import { successResponseSchema } from '@stride/domain/contracts/common';
import { apiClient } from '../../../lib/api-client';

/** POST /api/user/complete-onboarding. */
export const completeOnboarding = () =>
  apiClient.post('/user/complete-onboarding', {}, { schema: successResponseSchema });

export const useCompleteOnboarding = () => useMutation({ mutationFn: completeOnboarding });
