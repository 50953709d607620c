import type { LocalDate } from '@stride/domain/dates/local-date';
import { defineTable, type JsonValue } from '../core/table';

/** The planning side of one task (migration 0050): joined to `tasks` on (goal_id, task_id). */
export interface TaskPlanRecord {
  goal_id: string;
  task_id: string;
  user_id: string;
  do_date: LocalDate | null;
  due_date: LocalDate | null;
  series_id: string | null;
  occurrence_date: LocalDate | null;
  updated_at: string;
}

export const taskPlansTable = defineTable<TaskPlanRecord, 'goal_id' | 'task_id'>({
  name: 'task_plans',
  key: ['goal_id', 'task_id'],
  columns: {
    goal_id: 'text',
    task_id: 'text',
    user_id: 'text',
    do_date: 'date',
    due_date: 'date',
    series_id: 'text',
    occurrence_date: 'date',
    updated_at: 'instant',
  },
});

/** A recurring series of a goal's tasks: its rule (domain Recurrence) and its template (TaskTemplate). */
export interface TaskSeriesRecord {
  goal_id: string;
  series_id: string;
  user_id: string;
  recurrence: { [key: string]: JsonValue };
  template: { [key: string]: JsonValue };
  ended: boolean;
  updated_at: string;
}

export const taskSeriesTable = defineTable<TaskSeriesRecord, 'goal_id' | 'series_id'>({
  name: 'task_series',
  key: ['goal_id', 'series_id'],
  columns: {
    goal_id: 'text',
    series_id: 'text',
    user_id: 'text',
    recurrence: 'jsonb',
    template: 'jsonb',
    ended: 'boolean',
    updated_at: 'instant',
  },
});

export const timeEntryVias = ['log', 'completion'] as const;
export type TimeEntryVia = (typeof timeEntryVias)[number];

/** One time entry on a task; `entry_id` is the log position of the event that logged it. */
export interface TaskTimeEntryRecord {
  goal_id: string;
  task_id: string;
  entry_id: string;
  user_id: string;
  minutes: number;
  via: TimeEntryVia;
  logged_at: string;
}

export const taskTimeEntriesTable = defineTable<TaskTimeEntryRecord, 'goal_id' | 'task_id' | 'entry_id'>({
  name: 'task_time_entries',
  key: ['goal_id', 'task_id', 'entry_id'],
  columns: {
    goal_id: 'text',
    task_id: 'text',
    entry_id: 'text',
    user_id: 'text',
    minutes: 'integer',
    via: 'text',
    logged_at: 'instant',
  },
});
