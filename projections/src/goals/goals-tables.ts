import type { GoalRow, TaskRow } from '@stride/domain/contracts/goals';
import { defineTable, type JsonValue } from '../core/table';

/**
 * A goal as stored (spec section 3): the API's goal row (goalRowSchema) but for the caller's collections and
 * its tasks and their counts, which are read in with it (goal-json.ts: from `tasks`, so a task event rewrites
 * the task's row and the goal's stamp, never a list of every task), plus its soft delete.
 */
export type GoalRecord = Omit<
  GoalRow,
  'collection_ids' | 'ai_metadata' | 'generated_tasks' | 'task_count' | 'completed_task_count'
> & {
  ai_metadata: { [key: string]: JsonValue } | null;
  /** Soft delete: hidden from every read, kept for audits. */
  deleted_at: string | null;
};

export const goalsTable = defineTable<GoalRecord, 'id'>({
  name: 'goals',
  key: ['id'],
  columns: {
    id: 'text',
    user_id: 'text',
    title: 'text',
    description: 'text',
    category: 'text',
    priority: 'text',
    target_date: 'date',
    status: 'text',
    ai_metadata: 'jsonb',
    created_at: 'instant',
    updated_at: 'instant',
    completed_at: 'instant',
    deleted_at: 'instant',
    version: 'integer',
  },
});

/**
 * A task of a goal (spec section 3): the API's task row (taskRowSchema) plus its owner, its place in the goal
 * (the log position and index it was added at) and its last change. Soft-deleted tasks stay as rows.
 */
export type TaskRecord = TaskRow & {
  user_id: string;
  added_position: number;
  added_index: number;
  /** Its place in the goal's order after the goal's last TasksReordered; null until then (and for tasks
   * added after it, which follow the ordered ones in the order they were added). */
  rank_in_goal: number | null;
  updated_at: string;
};

export const tasksTable = defineTable<TaskRecord, 'goal_id' | 'id'>({
  name: 'tasks',
  key: ['goal_id', 'id'],
  columns: {
    goal_id: 'text',
    id: 'text',
    user_id: 'text',
    title: 'text',
    description: 'text',
    estimated_minutes: 'integer',
    actual_minutes: 'integer',
    energy_level: 'text',
    status: 'text',
    source: 'text',
    added_position: 'bigint',
    added_index: 'integer',
    rank_in_goal: 'integer',
    created_at: 'instant',
    updated_at: 'instant',
    started_at: 'instant',
    completed_at: 'instant',
    deleted_at: 'instant',
  },
});
