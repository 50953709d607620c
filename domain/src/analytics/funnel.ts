/**
 * The conversion funnel: its default steps and a pure reference implementation of ClickHouse's
 * `windowFunnel(window)` (default mode), used to cross-check the SQL in tests.
 */

export interface FunnelStep {
  readonly id: string;
  readonly label: string;
  /** An event of any of these types completes the step: domain event types or tracked event names. */
  readonly eventTypes: readonly string[];
}

/**
 * Signed up -> onboarding completed -> first goal -> first AI breakdown -> upgrade clicked -> checkout
 * completed. Checkout counts the billing event and also the browser's tracked `checkout_completed`.
 */
export const defaultFunnelSteps: readonly FunnelStep[] = [
  { id: 'signed_up', label: 'Signed up', eventTypes: ['UserRegistered'] },
  { id: 'onboarding_completed', label: 'Onboarding completed', eventTypes: ['OnboardingCompleted'] },
  { id: 'first_goal', label: 'First goal', eventTypes: ['GoalCreated'] },
  { id: 'first_ai_breakdown', label: 'First AI breakdown', eventTypes: ['TasksBatchGenerated'] },
  { id: 'upgrade_clicked', label: 'Upgrade clicked', eventTypes: ['upgrade_clicked'] },
  {
    id: 'checkout_completed',
    label: 'Checkout completed',
    eventTypes: ['SubscriptionActivated', 'checkout_completed'],
  },
];

export interface FunnelEvent {
  readonly type: string;
  /** Epoch milliseconds. */
  readonly at: number;
}

export type EventsByUser =
  ReadonlyMap<string, readonly FunnelEvent[]> | Readonly<Record<string, readonly FunnelEvent[]>>;

export interface FunnelStepResult {
  readonly id: string;
  readonly label: string;
  /** Users who reached this step (and so every step before it) within the window. */
  readonly users: number;
  /** users / users of the previous step; for the first step 1 when it has users; 0 when there are none. */
  readonly conversionFromPrevious: number;
  /** users / users of the first step (0 when the first step has none). */
  readonly conversionFromStart: number;
}

export interface FunnelResult {
  readonly steps: readonly FunnelStepResult[];
  /** The deepest step each user reached, 0..steps.length (windowFunnel's value). */
  readonly levelByUser: ReadonlyMap<string, number>;
}

/**
 * One user's level, as ClickHouse `windowFunnel(windowMs)(at, step1, ..., stepN)` computes it in its
 * default mode:
 * - events are visited in time order (ties: the earlier step first); an event matching several steps
 *   counts for each of them;
 * - an event of step 1 starts a new chain at its time;
 * - an event of step k > 1 extends the chain that reached step k - 1 if it happens no later than that
 *   chain's start + window (inclusive); repeated and out-of-order events are otherwise ignored;
 * - the level is the deepest step any chain reached.
 */
export function funnelLevel(events: readonly FunnelEvent[], steps: readonly FunnelStep[], windowMs: number): number {
  const matches: { at: number; step: number }[] = [];
  for (const event of events) {
    steps.forEach((step, index) => {
      if (step.eventTypes.includes(event.type)) matches.push({ at: event.at, step: index });
    });
  }
  matches.sort((a, b) => a.at - b.at || a.step - b.step);

  /** The start time of the chain that reached each step, when one has. */
  const chainStart: (number | undefined)[] = new Array<number | undefined>(steps.length).fill(undefined);
  for (const { at, step } of matches) {
    if (step === 0) {
      chainStart[0] = at;
      continue;
    }
    const start = chainStart[step - 1];
    if (start !== undefined && at <= start + windowMs) {
      chainStart[step] = start;
      if (step === steps.length - 1) return steps.length;
    }
  }
  let level = 0;
  chainStart.forEach((start, index) => {
    if (start !== undefined) level = index + 1;
  });
  return level;
}

const entriesOf = (eventsByUser: EventsByUser): [string, readonly FunnelEvent[]][] =>
  eventsByUser instanceof Map
    ? [...(eventsByUser as ReadonlyMap<string, readonly FunnelEvent[]>).entries()]
    : Object.entries(eventsByUser as Readonly<Record<string, readonly FunnelEvent[]>>);

/** The funnel over all users: how many reached each step, in order, within `windowMs` of their first. */
export function computeFunnel(
  eventsByUser: EventsByUser,
  steps: readonly FunnelStep[],
  windowMs: number,
): FunnelResult {
  const levelByUser = new Map<string, number>();
  for (const [userId, events] of entriesOf(eventsByUser)) {
    levelByUser.set(userId, funnelLevel(events, steps, windowMs));
  }
  const levels = [...levelByUser.values()];
  const counts = steps.map((_, index) => levels.filter((level) => level > index).length);
  const first = counts[0] ?? 0;
  const results = steps.map((step, index): FunnelStepResult => {
    const users = counts[index] ?? 0;
    const previous = index === 0 ? users : (counts[index - 1] ?? 0);
    return {
      id: step.id,
      label: step.label,
      users,
      conversionFromPrevious: index === 0 ? (users > 0 ? 1 : 0) : previous > 0 ? users / previous : 0,
      conversionFromStart: first > 0 ? users / first : 0,
    };
  });
  return { steps: results, levelByUser };
}
