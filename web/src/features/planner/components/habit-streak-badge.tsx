import type { HabitStreakView } from '@stride/domain/contracts/planner';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The badge's visible text and its spoken label; null when there is no streak to show. */
export const habitStreakWords = (streak: HabitStreakView | null): { text: string; label: string } | null => {
  if (streak === null || streak.current === 0) return null;
  const { current, unit } = streak;
  switch (unit) {
    case 'days':
      return { text: `${current}-day streak`, label: `Habit streak: ${plural(current, 'day')} in a row` };
    case 'weeks':
      return { text: `${current}-week streak`, label: `Habit streak: ${plural(current, 'week')} in a row` };
    case 'occurrences':
      return { text: `${current} in a row`, label: `Habit streak: done ${plural(current, 'time')} in a row` };
  }
};

/** A recurring task's current habit streak ("3-day streak"); nothing when the streak is 0. */
export function HabitStreakBadge({ streak }: { readonly streak: HabitStreakView | null }) {
  const words = habitStreakWords(streak);
  if (words === null) return null;
  return (
    <span className="streak-badge" role="img" aria-label={words.label}>
      {words.text}
    </span>
  );
}
