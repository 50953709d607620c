import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { preferencesSchema, userDataResponseSchema } from '@stride/domain/contracts/users';
import { apiClient } from '../../../lib/api-client';
import { preferenceKeys } from './keys';

type Preferences = z.input<typeof preferencesSchema>;

/** POST /api/user/update-preferences-simple {preferences}. */
export const updatePreferences = (preferences: Preferences) =>
  apiClient.post('/user/update-preferences-simple', { preferences });

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (_result, preferences) => {
      queryClient.setQueryData<z.infer<typeof userDataResponseSchema>>(preferenceKeys.current(), (previous) =>
        previous ? { ...previous, preferences: { ...previous.preferences, ...preferences } } : previous,
      );
    },
  });
}
