/**
 * The clock billing decides with. In test mode it can be moved forward (POST
 * /api/stripe/test-mode/advance-clock) so a grace period can be seen to end without waiting a week; the
 * offset affects billing decisions only (payment failure times, grace periods, downgrades), never the
 * time events are recorded at.
 */
export interface BillingClock {
  now(): Date;
  readonly offsetMs: number;
  readonly adjustable: boolean;
  /** Moves the clock forward; throws unless adjustable. */
  advance(ms: number): void;
}

export function createBillingClock(options: { adjustable: boolean; wallClock?: () => Date }): BillingClock {
  const wallClock = options.wallClock ?? (() => new Date());
  let offsetMs = 0;
  return {
    now: () => new Date(wallClock().getTime() + offsetMs),
    get offsetMs() {
      return offsetMs;
    },
    adjustable: options.adjustable,
    advance(ms) {
      if (!options.adjustable) throw new Error('The billing clock can only be moved in test mode');
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The billing clock only moves forward');
      offsetMs += ms;
    },
  };
}
