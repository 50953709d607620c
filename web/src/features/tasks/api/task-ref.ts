export interface TaskRef {
  readonly goalId: string;
  readonly taskId: string;
}

export const taskPath = ({ goalId, taskId }: TaskRef, action = '') =>
  `/goals/${encodeURIComponent(goalId)}/tasks/${encodeURIComponent(taskId)}${action ? `/${action}` : ''}`;
