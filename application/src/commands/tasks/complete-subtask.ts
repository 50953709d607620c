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

/** CompleteSubtask: Ticks a sub-step off; its task's and goal's progress roll up. */
export const run = (services: Services, context: CommandContext, input: SubtaskRef): Promise<SubtaskResult> =>
  runOnSubtask(services, context, input, 'CompleteSubtask');
