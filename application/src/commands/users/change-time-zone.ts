import { z } from 'zod';
import { timeZoneSourceSchema, userTimeZoneSchema } from '@stride/domain/users/user-time-zone';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { positionResultSchema, runOnOwnUser, type PositionResult } from './user-stream';

export const inputSchema = z.object({ timeZone: userTimeZoneSchema, source: timeZoneSourceSchema });
export type ChangeTimeZoneInput = z.infer<typeof inputSchema>;

export const resultSchema = positionResultSchema;

/** ChangeTimeZone on the caller's own user (a browser's zone is only taken while none is recorded). */
export const run = (services: Services, context: CommandContext, input: ChangeTimeZoneInput): Promise<PositionResult> =>
  runOnOwnUser(services, context, (metadata) => ({ type: 'ChangeTimeZone', data: input, metadata }));
