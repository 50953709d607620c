import type { HabitStreakView } from '@stride/domain/contracts/planner';
import { habitStreak, seriesCompletionDates } from '@stride/domain/recurrence/habit-streak';
import { recurrenceSchema } from '@stride/domain/recurrence/recurrence-rule';
import type { LocalDate } from '@stride/domain/dates/local-date';
import type { Queryable } from '@stride/platform/postgres/pool';
import { listSeriesHabits } from '@stride/projections/planner/queries/list-series-habits';

/** Tasks that may belong to a series: the planner rows' goal and series. */
interface SeriesMember {
  readonly goal_id: string;
  readonly series_id: string | null;
}

const keyOf = (goalId: string, seriesId: string) => `${goalId}/${seriesId}`;

/**
 * Each recurring task's habit streak, counted to the user's `today` from the local dates (in `timeZone`)
 * its series' occurrences were completed on; a task that does not repeat gets null.
 */
export async function withHabitStreaks<Task extends SeriesMember>(
  db: Queryable,
  userId: string,
  tasks: readonly Task[],
  timeZone: string,
  today: LocalDate,
): Promise<(Task & { habit_streak: HabitStreakView | null })[]> {
  const named = new Map<string, { goalId: string; seriesId: string }>();
  for (const { goal_id: goalId, series_id: seriesId } of tasks) {
    if (seriesId !== null) named.set(keyOf(goalId, seriesId), { goalId, seriesId });
  }
  const streaks = new Map<string, HabitStreakView>();
  for (const habit of await listSeriesHabits(db, userId, [...named.values()])) {
    const recurrence = recurrenceSchema.parse(habit.recurrence);
    const dates = seriesCompletionDates(habit.occurrences, habit.seriesId, timeZone);
    const streak = habitStreak(recurrence, dates, today);
    // A daily habit's occurrences are days: the unit the user reads ("3-day streak").
    const unit = recurrence.rule.kind === 'daily' ? 'days' : streak.unit;
    streaks.set(keyOf(habit.goalId, habit.seriesId), { ...streak, unit });
  }
  return tasks.map((task) => ({
    ...task,
    habit_streak: task.series_id === null ? null : (streaks.get(keyOf(task.goal_id, task.series_id)) ?? null),
  }));
}
