import { z } from 'zod';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { positionResultSchema, runOnOwnUser, type PositionResult } from './user-stream';

export const inputSchema = z.object({});
export const resultSchema = positionResultSchema;

/** CompleteOnboarding on the caller's own user. */
export const run = (
  services: Services,
  context: CommandContext,
  _input: z.infer<typeof inputSchema>,
): Promise<PositionResult> =>
  runOnOwnUser(services, context, (metadata) => ({ type: 'CompleteOnboarding', data: {}, metadata }));
