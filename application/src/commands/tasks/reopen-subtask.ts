import { subtaskCommand } from './subtask-commands';

/** ReopenSubtask: unticks a done sub-step. */
export const { inputSchema, resultSchema, run } = subtaskCommand('ReopenSubtask');
