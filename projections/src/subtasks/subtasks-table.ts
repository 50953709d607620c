import type { EnergyLevel } from '@stride/domain/tasks/energy-workflow';
import { defineTable } from '../core/table';

/** A sub-step of a task (domain/src/tasks/subtask-events.ts) as stored; removed ones stay as rows. */
export interface SubtaskRecord {
  goal_id: string;
  id: string;
  task_id: string;
  user_id: string;
  title: string;
  estimated_minutes: number;
  energy_level: EnergyLevel;
  done: boolean;
  added_position: number;
  added_index: number;
  created_at: string;
  completed_at: string | null;
  removed_at: string | null;
}

export const subtasksTable = defineTable<SubtaskRecord, 'goal_id' | 'id'>({
  name: 'subtasks',
  key: ['goal_id', 'id'],
  columns: {
    goal_id: 'text',
    id: 'text',
    task_id: 'text',
    user_id: 'text',
    title: 'text',
    estimated_minutes: 'integer',
    energy_level: 'text',
    done: 'boolean',
    added_position: 'bigint',
    added_index: 'integer',
    created_at: 'instant',
    completed_at: 'instant',
    removed_at: 'instant',
  },
});
