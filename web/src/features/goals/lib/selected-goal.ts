/**
 * Spec section 4, "Selected goal": on first load with goals, the saved lastViewedGoalId if it is still
 * present, else the first goal; signed-out visitors get the first goal.
 */
export function pickSelectedGoalId(
  goals: readonly { id: string }[],
  savedId: string | null | undefined,
  signedIn: boolean,
): string | null {
  if (goals.length === 0) return null;
  if (signedIn && savedId && goals.some((goal) => goal.id === savedId)) return savedId;
  return goals[0]!.id;
}

/** Spec section 9: preference save debounce. */
export const PREFERENCE_SAVE_DEBOUNCE_MS = 1000;
