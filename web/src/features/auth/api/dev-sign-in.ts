import { useMutation } from '@tanstack/react-query';
import { devSignInResponseSchema } from '@stride/domain/contracts/users';
import { apiClient } from '../../../lib/api-client';

/** POST /api/dev/sign-in {email, name} -> {token, user} (AUTH_MODE=dev only). */
export const devSignIn = (input: { email: string; name: string }) =>
  apiClient.post('/dev/sign-in', input, { schema: devSignInResponseSchema, readYourWrites: false });

export const useDevSignIn = () => useMutation({ mutationFn: devSignIn });
