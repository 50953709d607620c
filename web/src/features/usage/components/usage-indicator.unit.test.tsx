import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderWithProviders } from '../../../test/render';
import { indicatorTone } from '../lib/usage-tone';
import { UsageIndicator } from './usage-indicator';

describe('usage indicator colours (orange at 80%, red at 100%)', () => {
  it('maps usage to tones', () => {
    expect(indicatorTone(7, 10)).toBe('ok');
    expect(indicatorTone(8, 10)).toBe('warning');
    expect(indicatorTone(9, 10)).toBe('warning');
    expect(indicatorTone(10, 10)).toBe('full');
    expect(indicatorTone(12, 10)).toBe('full');
    expect(indicatorTone(500, -1)).toBe('ok');
  });

  it('shows tier, goals used/limit and AI used/limit with their tones', () => {
    renderWithProviders(<UsageIndicator />, {
      user: makeUser({
        subscriptionTier: 'starter',
        goalsThisMonth: 8,
        goalsLimit: 10,
        aiGenerationsThisMonth: 100,
        aiGenerationsLimit: 100,
      }),
    });
    expect(screen.getByText('Starter')).toBeInTheDocument();
    const goals = screen.getByTestId('usage-goals');
    const ai = screen.getByTestId('usage-ai');
    expect(goals).toHaveTextContent('8/10');
    expect(goals).toHaveAttribute('data-tone', 'warning');
    expect(ai).toHaveTextContent('100/100');
    expect(ai).toHaveAttribute('data-tone', 'full');
  });

  it('shows unlimited goals as ∞ and never warns', () => {
    renderWithProviders(<UsageIndicator />, {
      user: makeUser({
        subscriptionTier: 'pro',
        goalsThisMonth: 40,
        goalsLimit: -1,
        aiGenerationsThisMonth: 10,
        aiGenerationsLimit: 300,
      }),
    });
    expect(screen.getByTestId('usage-goals')).toHaveTextContent('40/∞');
    expect(screen.getByTestId('usage-goals')).toHaveAttribute('data-tone', 'ok');
  });
});
