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

/** RemoveSubtask: Removes a sub-step (it stays in the history). */
export const run = (services: Services, context: CommandContext, input: SubtaskRef): Promise<SubtaskResult> =>
  runOnSubtask(services, context, input, 'RemoveSubtask');
