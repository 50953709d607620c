import { useMemo } from 'react';
import type { GoalRow } from '@stride/domain/contracts/goals';
import type { GoalChoice } from '@stride/domain/quick-add/goal-match';

/** Goals as the planner names them (quick add's `#tag`, search's goal filter). */
export const useGoalChoices = (goals: readonly GoalRow[] | undefined): GoalChoice[] =>
  useMemo(() => (goals ?? []).map((goal) => ({ goalId: goal.id, title: goal.title })), [goals]);
