import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoadingGate, LOADING_TEXT } from './loading-gate';

describe('loading gate', () => {
  it("shows 'Loading your goals' only after 200 ms", () => {
    vi.useFakeTimers();
    render(<LoadingGate />);
    expect(screen.queryByText(LOADING_TEXT)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByText(LOADING_TEXT)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Loading your goals')).toBeInTheDocument();
  });
});
