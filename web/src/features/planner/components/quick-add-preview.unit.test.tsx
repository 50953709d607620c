import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuickAddResult } from '@stride/domain/quick-add/quick-add';
import { QuickAddPreview } from './quick-add-preview';

describe('QuickAddPreview', () => {
  it('writes the do and due dates as every date is written (formatDate), not as YYYY-MM-DD', () => {
    const result: QuickAddResult = {
      title: 'Call the bank',
      doDate: '2026-12-03',
      dueDate: '2026-12-05',
      estimatedMinutes: null,
      energyLevel: null,
      goalTag: null,
      goal: null,
      recurrence: null,
      spans: [],
    };
    render(<QuickAddPreview result={result} fallbackGoal="Money" />);
    expect(screen.getByTestId('quick-add-preview')).toHaveTextContent(
      '"Call the bank" · in Money · on December 3, 2026 · due December 5, 2026',
    );
  });
});
