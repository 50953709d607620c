import { useMutation } from '@tanstack/react-query';
import { incrementUsageResponseSchema } from '@stride/domain/contracts/usage';
import { apiClient } from '../../../lib/api-client';
import type { UsageType } from '../../../lib/current-user';

/**
 * POST /api/usage/increment {type, userId}. The server counts goals and AI inside the create and
 * breakdown commands, so this call never adds: the web app uses it to reconcile (newValue is the
 * authoritative count).
 */
export const reconcileUsageCount = (input: { type: UsageType; userId: string }) =>
  apiClient.post('/usage/increment', input, { schema: incrementUsageResponseSchema });

export const useReconcileUsage = () => useMutation({ mutationFn: reconcileUsageCount });
