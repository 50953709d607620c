import { useMutation } from '@tanstack/react-query';
import { changeTimeZoneResponseSchema } from '@stride/domain/contracts/users';
import { apiClient } from '../../../lib/api-client';

/** POST /api/user/time-zone {timeZone}: the zone the user's days, hours, streaks and months are counted in. */
export const changeTimeZone = (timeZone: string) =>
  apiClient.post('/user/time-zone', { timeZone }, { schema: changeTimeZoneResponseSchema });

export const useChangeTimeZone = () => useMutation({ mutationFn: changeTimeZone });
