import { z } from 'zod';

export const energyLevels = ['low', 'medium', 'high'] as const;
export const energyLevelSchema = z.enum(energyLevels);
export type EnergyLevel = z.infer<typeof energyLevelSchema>;

/** What the workflow needs to know of a task; the goal aggregate's tasks and read-model rows both fit. */
export interface EnergyTask {
  readonly energyLevel: EnergyLevel;
  readonly estimatedMinutes: number;
  readonly status: string;
  readonly deletedAt: string | null;
}

export interface EnergyOptions {
  /** Minutes the user has now: longer tasks are left out and shorter ones come first. */
  readonly availableMinutes?: number;
}

const rank = (level: EnergyLevel): number => energyLevels.indexOf(level);

const isOpen = (task: EnergyTask): boolean => task.status !== 'done' && task.deletedAt === null;

/**
 * The open tasks a user can take on at an energy level: low fits low-energy tasks, medium fits low and
 * medium, high fits all. Best fit first: the closest energy match, then (with availableMinutes) the
 * shorter task. Otherwise the given order is kept.
 */
export const tasksForEnergy = <Task extends EnergyTask>(
  tasks: readonly Task[],
  energy: EnergyLevel,
  { availableMinutes }: EnergyOptions = {},
): Task[] => {
  const distance = (task: Task) => rank(energy) - rank(task.energyLevel);
  const minutesOrder = (a: Task, b: Task) =>
    availableMinutes === undefined ? 0 : a.estimatedMinutes - b.estimatedMinutes;
  return tasks
    .filter((task) => isOpen(task) && distance(task) >= 0)
    .filter((task) => availableMinutes === undefined || task.estimatedMinutes <= availableMinutes)
    .sort((a, b) => distance(a) - distance(b) || minutesOrder(a, b));
};
