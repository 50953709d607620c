import type { TaskRow } from '@stride/domain/contracts/goals';
import type { EnergyLevel } from '@stride/domain/tasks/energy-workflow';
import type { IconName } from '../../../components/icon';

export type { EnergyLevel };

export const ENERGY_LEVELS: readonly { value: EnergyLevel; label: string; hint: string; icon: IconName }[] = [
  { value: 'low', label: 'Low', hint: 'Tired or between things: light, easy wins', icon: 'moon' },
  { value: 'medium', label: 'Medium', hint: 'Steady focus for everyday progress', icon: 'sun' },
  { value: 'high', label: 'High', hint: 'Fresh and focused: tackle the hard parts', icon: 'zap' },
];

/**
 * "Time available now": the length of the sitting the user has for one task (each task offered fits in it),
 * not today's plan's "Time available today" (the day in all, up to 8 h): docs/decisions.md. Minutes written
 * as everywhere else (formatMinutes: "1 h", as today's plan offers them).
 */
export const TIME_OPTIONS: readonly { value: number | null; label: string }[] = [
  { value: null, label: 'Any time' },
  { value: 15, label: '15 min' },
  { value: 30, label: '30 min' },
  { value: 60, label: '1 h' },
  { value: 120, label: '2 h' },
];

export const energyLabel = (level: EnergyLevel) => ENERGY_LEVELS.find((e) => e.value === level)?.label ?? level;

/** Minutes since a task was started (at least 1), to prefill the actual time when completing it. */
export function elapsedMinutes(task: Pick<TaskRow, 'started_at' | 'estimated_minutes'>, now = Date.now()): number {
  if (!task.started_at) return task.estimated_minutes;
  const started = Date.parse(task.started_at);
  if (Number.isNaN(started)) return task.estimated_minutes;
  return Math.min(1440, Math.max(1, Math.round((now - started) / 60_000)));
}
