import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import {
  runOnSubtask,
  subtaskRefSchema,
  subtaskResultSchema,
  type SubtaskRef,
  type SubtaskResult,
} from './subtask-commands';

export const inputSchema = subtaskRefSchema;
export const resultSchema = subtaskResultSchema;

/** ReopenSubtask: Unticks a done sub-step. */
export const run = (services: Services, context: CommandContext, input: SubtaskRef): Promise<SubtaskResult> =>
  runOnSubtask(services, context, input, 'ReopenSubtask');
