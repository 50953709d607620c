import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { signupErrorsResponseSchema, type signupErrorSchema } from '@stride/domain/contracts/analytics';
import { apiClient } from '../../../lib/api-client';
import type { AdminRange } from '../lib/admin-range';
import { adminKeys } from './keys';

export type SignupError = z.infer<typeof signupErrorSchema>;
export const SIGNUP_ERRORS_PAGE = 100;

/** GET /api/admin/signup-errors?start&end&limit&offset (admins only; newest first). */
export const getSignupErrors = (range: AdminRange, offset: number, signal?: AbortSignal) =>
  apiClient.get('/admin/signup-errors', {
    schema: signupErrorsResponseSchema,
    query: { start: range.start, end: range.end, limit: SIGNUP_ERRORS_PAGE, offset },
    signal,
  });

export const signupErrorsQueryOptions = (range: AdminRange, offset = 0) =>
  queryOptions({
    queryKey: adminKeys.signupErrors(range, offset),
    queryFn: ({ signal }) => getSignupErrors(range, offset, signal),
  });

export const useSignupErrors = (range: AdminRange, offset = 0) => useQuery(signupErrorsQueryOptions(range, offset));
