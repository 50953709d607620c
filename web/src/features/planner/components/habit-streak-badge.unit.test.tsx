import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HabitStreakBadge } from './habit-streak-badge';

describe('HabitStreakBadge', () => {
  it("shows a daily habit's streak in days, with a spoken label", () => {
    render(<HabitStreakBadge streak={{ current: 3, longest: 5, unit: 'days' }} />);
    const badge = screen.getByRole('img', { name: 'Habit streak: 3 days in a row' });
    expect(badge).toHaveTextContent('3-day streak');
  });

  it('counts weeks for "N times a week" habits and kept occurrences for other rules, singular for one', () => {
    const { rerender } = render(<HabitStreakBadge streak={{ current: 1, longest: 1, unit: 'weeks' }} />);
    expect(screen.getByRole('img', { name: 'Habit streak: 1 week in a row' })).toHaveTextContent('1-week streak');
    rerender(<HabitStreakBadge streak={{ current: 4, longest: 4, unit: 'occurrences' }} />);
    expect(screen.getByRole('img', { name: 'Habit streak: done 4 times in a row' })).toHaveTextContent('4 in a row');
  });

  it('shows nothing when the streak is 0 or the task does not repeat', () => {
    const { container, rerender } = render(<HabitStreakBadge streak={{ current: 0, longest: 2, unit: 'days' }} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<HabitStreakBadge streak={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
