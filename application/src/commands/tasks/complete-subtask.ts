import { subtaskCommand } from './subtask-commands';

/** CompleteSubtask: ticks a sub-step off; its task's and goal's progress roll up. */
export const { inputSchema, resultSchema, run } = subtaskCommand('CompleteSubtask');
