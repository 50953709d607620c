import { defaultFunnelSteps, type FunnelStep, type FunnelStepResult } from './funnel';

/**
 * The admin funnel report around `windowFunnel`: custom steps from a query string, and step results from the
 * number of users at each funnel level (what the analytics store returns).
 */

export const MAX_FUNNEL_STEPS = 8;

/**
 * Steps written as `a|b,c,d`: `,` separates steps, `|` separates the event names that complete a step.
 * Without text, the product funnel. Throws RangeError on an empty step or more than MAX_FUNNEL_STEPS steps.
 */
export function parseFunnelSteps(text: string | undefined): readonly FunnelStep[] {
  if (text === undefined || text.trim() === '') return defaultFunnelSteps;
  const steps = text.split(',').map((part, index): FunnelStep => {
    const eventTypes = [
      ...new Set(
        part
          .split('|')
          .map((name) => name.trim())
          .filter(Boolean),
      ),
    ];
    if (eventTypes.length === 0) throw new RangeError(`Funnel step ${index + 1} names no event`);
    return { id: `step_${index + 1}`, label: eventTypes.join(' or '), eventTypes };
  });
  if (steps.length > MAX_FUNNEL_STEPS) throw new RangeError(`A funnel has at most ${MAX_FUNNEL_STEPS} steps`);
  return steps;
}

/**
 * Step results from `usersAtLevel` (level -> users whose deepest step is that level, 1-based; level 0, users
 * who never reached step 1, is ignored). A user at level k reached every step up to k.
 */
export function funnelFromLevels(
  steps: readonly FunnelStep[],
  usersAtLevel: ReadonlyMap<number, number>,
): (FunnelStepResult & { eventTypes: string[] })[] {
  const reached = steps.map((_, index) => {
    let users = 0;
    for (const [level, count] of usersAtLevel) if (level > index) users += count;
    return users;
  });
  const first = reached[0] ?? 0;
  return steps.map((step, index) => {
    const users = reached[index] ?? 0;
    const previous = index === 0 ? users : (reached[index - 1] ?? 0);
    return {
      id: step.id,
      label: step.label,
      eventTypes: [...step.eventTypes],
      users,
      conversionFromPrevious: index === 0 ? (users > 0 ? 1 : 0) : previous > 0 ? users / previous : 0,
      conversionFromStart: first > 0 ? users / first : 0,
    };
  });
}
