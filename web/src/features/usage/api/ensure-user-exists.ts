import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { ensureUserExistsResponseSchema } from '@stride/domain/contracts/users';
import type { ensureUserExistsBodySchema } from '@stride/domain/contracts/users';
import { apiClient } from '../../../lib/api-client';

export type EnsureUserExistsInput = z.input<typeof ensureUserExistsBodySchema>;

/** POST /api/user/ensure-user-exists {email, name, attribution}. */
export const ensureUserExists = (input: EnsureUserExistsInput) =>
  apiClient.post('/user/ensure-user-exists', input, { schema: ensureUserExistsResponseSchema });

export const useEnsureUserExists = () => useMutation({ mutationFn: ensureUserExists });
