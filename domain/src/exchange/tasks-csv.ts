import type { StrideExport } from './stride-export';

/**
 * The CSV export: one row per task (soft-deleted ones left out), with its goal, for spreadsheets.
 * RFC 4180 text: CRLF line ends, every field quoted when it holds a comma, quote or line break, quotes
 * doubled. A cell starting with =, +, -, @, tab or carriage return gets a leading apostrophe so a
 * spreadsheet does not run it as a formula.
 */
export const TASKS_CSV_COLUMNS = [
  'goal',
  'goal_status',
  'task',
  'description',
  'status',
  'energy',
  'estimated_minutes',
  'actual_minutes',
  'do_date',
  'due_date',
  'recurring_series',
  'created_at',
  'completed_at',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

export const csvField = (value: string | number | null): string => {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const tasksCsvOf = (document: StrideExport): string => {
  const rows = document.goals
    .filter((goal) => goal.deletedAt === null)
    .flatMap((goal) =>
      goal.tasks
        .filter((task) => task.deletedAt === null)
        .map((task) => {
          const logged = task.timeLog.reduce((sum, entry) => sum + entry.minutes, 0);
          return [
            goal.title,
            goal.status,
            task.title,
            task.description,
            task.status,
            task.energyLevel,
            task.estimatedMinutes,
            task.timeLog.length === 0 ? null : logged,
            task.doDate,
            task.dueDate,
            task.seriesId,
            task.createdAt,
            task.completedAt,
          ];
        }),
    );
  return [[...TASKS_CSV_COLUMNS], ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
};
