/**
 * One honest wording of plan limits, used by every screen that shows them (goals page, usage bars,
 * pricing cards, upgrade dialog). The rule it describes: a plan allows a number of NEW goals per
 * calendar month (spec section 5, the monthly counter), not a number of active goals.
 */

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/**
 * The month's goal allowance: '0 of 1 new goal used this month · 1 left'. When more were created than
 * the plan now allows (created on a bigger plan, then the plan changed) it never says '6 of 1': it says
 * how many were created and what the plan includes.
 */
export function goalAllowanceText(used: number, limit: number): string {
  if (limit < 0) return `${used} new ${plural(used, 'goal', 'goals')} this month · no monthly limit on your plan`;
  if (used <= limit) {
    return `${used} of ${limit} new ${plural(limit, 'goal', 'goals')} used this month · ${limit - used} left`;
  }
  return `${used} new goals this month · your plan includes ${limit} a month, none left`;
}

/** A usage value for a bar: '2 of 10', '4 used · no limit', or '6 used · plan includes 1'. */
export function usageValueText(used: number, limit: number): string {
  if (limit < 0) return `${used} used · no limit`;
  if (used > limit) return `${used} used · plan includes ${limit}`;
  return `${used} of ${limit}`;
}
