import { expect } from 'vitest';
import { foldEvents, type Decider } from '../shared/decider';
import { isDomainError, type DomainErrorCode } from '../shared/domain-error';
import type { Command, DomainEvent } from '../shared/event';

const thrownBy = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('Expected the command to be rejected, but it was accepted');
};

/**
 * Given/when/then specifications for a decider:
 * `spec.given([...events]).when(command).then([...expectedEvents])` or `.thenThrows(code, message?, details?)`.
 */
export const deciderSpec = <State, Cmd extends Command, Evt extends DomainEvent>(
  decider: Decider<State, Cmd, Evt>,
) => ({
  given: (events: readonly Evt[]) => ({
    when: (command: Cmd) => {
      const decide = () => decider.decide(command, foldEvents(decider, events));
      return {
        then: (expected: readonly Evt[]): void => {
          expect(decide()).toEqual(expected);
        },
        thenThrows: (code: DomainErrorCode, message?: string, details?: Record<string, unknown>): void => {
          const error = thrownBy(decide);
          if (!isDomainError(error)) throw error;
          expect(error.code).toBe(code);
          if (message !== undefined) expect(error.message).toBe(message);
          if (details !== undefined) expect(error.details).toMatchObject(details);
        },
      };
    },
  }),
});
