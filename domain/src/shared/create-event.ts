import type { z } from 'zod';
import type { DomainEvent, EventDefinition } from './event';
import { parseInput } from './parse-input';
import { markParsed } from './parsed-data';

/** The event type a definition describes; distributes over a union of definitions. */
export type EventOf<Definition extends EventDefinition> = Definition extends EventDefinition
  ? DomainEvent<Definition['type'], z.output<Definition['schema']>>
  : never;

/**
 * Builds an event whose data is validated by the definition's own schema, so a decider can only emit
 * events the store will accept. Invalid input becomes a DomainError('validation') naming the failing field.
 * The data is marked as parsed (parsed-data.ts): the store and the read models do not parse it again.
 */
export const createEvent = <Definition extends EventDefinition>(
  definition: Definition,
  data: z.input<Definition['schema']>,
): EventOf<Definition> =>
  ({ type: definition.type, data: markParsed(definition, parseInput(definition.schema, data)) }) as EventOf<Definition>;
