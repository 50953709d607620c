import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/render';
import { usageBarTone } from '../lib/usage-bar-tone';
import { UsageBars } from './usage-bars';

describe('profile usage bars (yellow at 90%, red at 100%)', () => {
  it('maps usage to tones', () => {
    expect(usageBarTone(8, 10)).toBe('ok');
    expect(usageBarTone(89, 100)).toBe('ok');
    expect(usageBarTone(90, 100)).toBe('warning');
    expect(usageBarTone(100, 100)).toBe('full');
    expect(usageBarTone(1, 1)).toBe('full');
  });

  it('colours each bar by its own usage', () => {
    const { container } = render(
      <UsageBars
        user={makeUser({ goalsThisMonth: 9, goalsLimit: 10, aiGenerationsThisMonth: 3, aiGenerationsLimit: 3 })}
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'New goals this month' })).toHaveAttribute('aria-valuenow', '9');
    const fills = container.querySelectorAll('.progress__fill');
    expect(fills[0]).toHaveClass('progress__fill--warning');
    expect(fills[1]).toHaveClass('progress__fill--full');
  });

  it('never shows more goals used than the plan allows as "6 of 1"', () => {
    render(<UsageBars user={makeUser({ goalsThisMonth: 6, goalsLimit: 1 })} />);
    expect(screen.getByText('6 used · plan includes 1')).toBeInTheDocument();
    expect(screen.queryByText('6 of 1')).not.toBeInTheDocument();
  });
});
