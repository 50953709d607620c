import { z } from 'zod';
import { preferencesSchema } from '@stride/domain/users/user-events';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { positionResultSchema, runOnOwnUser, type PositionResult } from './user-stream';

export const inputSchema = z.object({ preferences: preferencesSchema });
export type UpdatePreferencesInput = z.infer<typeof inputSchema>;

export const resultSchema = positionResultSchema;

/** UpdatePreferences on the caller's own user: merges the given preferences. */
export const run = (
  services: Services,
  context: CommandContext,
  { preferences }: UpdatePreferencesInput,
): Promise<PositionResult> =>
  runOnOwnUser(services, context, (metadata) => ({ type: 'UpdatePreferences', data: { preferences }, metadata }));
