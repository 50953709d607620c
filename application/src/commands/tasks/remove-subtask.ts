import { subtaskCommand } from './subtask-commands';

/** RemoveSubtask: removes a sub-step (it stays in the history). */
export const { inputSchema, resultSchema, run } = subtaskCommand('RemoveSubtask');
