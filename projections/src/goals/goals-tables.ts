import type { TaskRow } from '@stride/domain/contracts/goals';
import { defineTable, type JsonValue } from '../core/table';

/**
 * A goal as stored (spec section 3) plus its lifecycle times and stream version (for If-Match), and its
 * live tasks as the API shows them (kept with the goal so that listing goals does no per-task work).
 */
export type GoalRecord = {
  id: string;
  user_id: string;
  title: string;
  description: string;
  category: string;
  priority: string;
  target_date: string | null;
  status: string;
  ai_metadata: { [key: string]: JsonValue } | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  /** Soft delete: hidden from every read, kept for audits. */
  deleted_at: string | null;
  version: number;
  /** The live (not soft-deleted) tasks in the API's shape, in the order they were added. */
  generated_tasks: TaskRow[];
  task_count: number;
  completed_task_count: number;
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
    generated_tasks: 'jsonb',
    task_count: 'integer',
    completed_task_count: 'integer',
  },
});

/** A task of a goal (spec section 3) with energy, status and minutes. Soft-deleted tasks stay as rows. */
export type TaskRecord = {
  goal_id: string;
  id: string;
  user_id: string;
  title: string;
  description: string | null;
  estimated_minutes: number;
  actual_minutes: number | null;
  energy_level: string;
  status: string;
  source: string;
  added_position: number;
  added_index: number;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  completed_at: string | null;
  deleted_at: string | null;
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
    created_at: 'instant',
    updated_at: 'instant',
    started_at: 'instant',
    completed_at: 'instant',
    deleted_at: 'instant',
  },
});
