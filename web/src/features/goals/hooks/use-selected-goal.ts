import { useCallback, useEffect, useRef, useState } from 'react';
import type { GoalRow } from '@stride/domain/contracts/goals';
import { usePreferences } from '../api/get-preferences';
import { useUpdatePreferences } from '../api/update-preferences';
import { pickSelectedGoalId, PREFERENCE_SAVE_DEBOUNCE_MS } from '../lib/selected-goal';

/**
 * The goal shown on the daily page: initially the saved lastViewedGoalId (if still present) or the first
 * goal; a change is saved as a preference after 1 s (only the last change of a burst is sent).
 */
export function useSelectedGoal(goals: readonly GoalRow[] | undefined, signedIn: boolean) {
  const preferences = usePreferences(signedIn);
  const { mutate: savePreferences } = useUpdatePreferences();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const preferencesSettled = !signedIn || preferences.isSuccess || preferences.isError;

  useEffect(() => {
    if (!goals || !preferencesSettled) return;
    if (selectedId && goals.some((g) => g.id === selectedId)) return;
    setSelectedId(pickSelectedGoalId(goals, preferences.data?.preferences.lastViewedGoalId ?? null, signedIn));
  }, [goals, preferencesSettled, preferences.data, selectedId, signedIn]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const select = useCallback(
    (goalId: string) => {
      setSelectedId(goalId);
      if (!signedIn) return;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => savePreferences({ lastViewedGoalId: goalId }), PREFERENCE_SAVE_DEBOUNCE_MS);
    },
    [savePreferences, signedIn],
  );

  const selected = goals?.find((g) => g.id === selectedId) ?? null;
  return { selectedId, selected, select };
}
