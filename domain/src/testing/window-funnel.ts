import { funnelFromLevels } from '../analytics/funnel-report';
import { completesStep, type FunnelStep, type FunnelStepResult } from '../analytics/funnel';

/**
 * A pure reference implementation of ClickHouse's `windowFunnel(window)` (default mode): a test oracle
 * the funnel SQL is cross-checked against (workers' pipeline test), kept apart from the product's rules.
 */

export interface FunnelEvent {
  readonly type: string;
  /** Epoch milliseconds. */
  readonly at: number;
  /** The page of a tracked event (`page_viewed:/` steps); absent for domain events. */
  readonly path?: string;
}

export type EventsByUser =
  ReadonlyMap<string, readonly FunnelEvent[]> | Readonly<Record<string, readonly FunnelEvent[]>>;

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
      if (completesStep(step, event.type, event.path ?? '')) matches.push({ at: event.at, step: index });
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
  const usersAtLevel = new Map<number, number>();
  for (const [userId, events] of entriesOf(eventsByUser)) {
    const level = funnelLevel(events, steps, windowMs);
    levelByUser.set(userId, level);
    usersAtLevel.set(level, (usersAtLevel.get(level) ?? 0) + 1);
  }
  const results = funnelFromLevels(steps, usersAtLevel).map(({ eventTypes: _eventTypes, ...step }) => step);
  return { steps: results, levelByUser };
}
