import { addDays, compareLocalDates, startOfIsoWeek, type LocalDate } from '../dates/local-date';
import { tasksForEnergy, type EnergyLevel, type EnergyTask } from '../tasks/energy-workflow';
import { overdueTasks, type PlannedTask } from './overdue-moves';

/** What the day's plan needs of a task. */
export interface PlanTask extends PlannedTask, EnergyTask {}

export interface DayPlanOptions {
  /** The energy the user has now: only tasks that fit it are suggested. */
  readonly energy?: EnergyLevel;
  /** The minutes the user has today. */
  readonly availableMinutes?: number;
}

export interface DayPlan<Task extends PlanTask> {
  /** Open tasks planned for today, in the given order. */
  readonly today: readonly Task[];
  /** Open tasks planned before today, oldest first: shown apart, without alarm. */
  readonly overdue: readonly Task[];
  /** Of today's and the overdue tasks, those that fit the energy and the time, best fit first. */
  readonly suggested: readonly Task[];
  /** Estimated minutes of today's tasks (overdue ones not counted until moved to today). */
  readonly plannedMinutes: number;
  readonly availableMinutes: number | null;
  /** Planned minutes beyond the available ones; 0 when they fit or no time is given. */
  readonly overByMinutes: number;
}

const isOpen = (task: PlannedTask): boolean => task.status !== 'done' && task.deletedAt === null;
const minutesOf = (tasks: readonly EnergyTask[]): number => tasks.reduce((sum, task) => sum + task.estimatedMinutes, 0);

/** Today's plan: tasks planned today and overdue ones, filtered by energy and time. */
export const dayPlan = <Task extends PlanTask>(
  tasks: readonly Task[],
  today: LocalDate,
  { energy, availableMinutes }: DayPlanOptions = {},
): DayPlan<Task> => {
  const planned = tasks.filter((task) => isOpen(task) && task.doDate === today);
  const overdue = overdueTasks(tasks, today);
  const candidates = [...planned, ...overdue];
  const suggested =
    energy === undefined
      ? candidates.filter((task) => availableMinutes === undefined || task.estimatedMinutes <= availableMinutes)
      : tasksForEnergy(candidates, energy, availableMinutes === undefined ? {} : { availableMinutes });
  const plannedMinutes = minutesOf(planned);
  return {
    today: planned,
    overdue,
    suggested,
    plannedMinutes,
    availableMinutes: availableMinutes ?? null,
    overByMinutes: availableMinutes === undefined ? 0 : Math.max(0, plannedMinutes - availableMinutes),
  };
};

export interface WeekDay {
  readonly date: LocalDate;
  readonly plannedMinutes: number;
  readonly openTasks: number;
  readonly doneTasks: number;
}

/** The week strip: Monday to Sunday of the week holding `date`, with the minutes planned each day. */
export const weekStrip = (tasks: readonly PlanTask[], date: LocalDate): WeekDay[] => {
  const monday = startOfIsoWeek(date);
  return Array.from({ length: 7 }, (_, offset) => {
    const day = addDays(monday, offset);
    const onDay = tasks.filter(
      (task) => task.deletedAt === null && task.doDate !== null && compareLocalDates(task.doDate, day) === 0,
    );
    const open = onDay.filter(isOpen);
    return {
      date: day,
      plannedMinutes: minutesOf(onDay),
      openTasks: open.length,
      doneTasks: onDay.length - open.length,
    };
  });
};
