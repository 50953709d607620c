import type { Decider } from './decider';
import type { Command, DomainEvent } from './event';

/**
 * Decides several commands in turn, each against the state the previous ones left (a webhook may link a
 * customer and apply its subscription in one go; a goal update may change fields and status together).
 * Returns every event, in order, and the resulting state.
 */
export function decideInTurn<State, Cmd extends Command, Evt extends DomainEvent>(
  decider: Pick<Decider<State, Cmd, Evt>, 'decide' | 'evolve'>,
  commands: readonly Cmd[],
  state: State,
): { events: Evt[]; state: State } {
  const events: Evt[] = [];
  let current = state;
  for (const command of commands) {
    const decided = decider.decide(command, current);
    events.push(...decided);
    current = decided.reduce(decider.evolve, current);
  }
  return { events, state: current };
}
