import type { Command, DomainEvent } from './event';

/**
 * An aggregate's pure behaviour (Emmett's decider pattern): decide turns a command and the current state
 * into new events or throws a DomainError; evolve folds one event into the state.
 */
export interface Decider<State, Cmd extends Command, Evt extends DomainEvent> {
  readonly initialState: () => State;
  readonly decide: (command: Cmd, state: State) => Evt[];
  readonly evolve: (state: State, event: Evt) => State;
}

export const foldEvents = <State, Evt extends DomainEvent>(
  decider: Pick<Decider<State, never, Evt>, 'initialState' | 'evolve'>,
  events: readonly Evt[],
): State => events.reduce(decider.evolve, decider.initialState());
