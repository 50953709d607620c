import type { DomainEvent, EventDefinition } from './event';
import { markParsed, wasParsedBy } from './parsed-data';

/** A stored event as read back: what the decider emitted plus the version it was written with. */
export interface StoredEventShape {
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: unknown;
}

export class UnknownEventTypeError extends Error {
  override readonly name = 'UnknownEventTypeError';
  constructor(readonly eventType: string) {
    super(`No event definition is registered for type '${eventType}'`);
  }
}

/**
 * Holds every event definition. Reading goes through `upcast`, so stored events of any older schema
 * version come out in the current shape and validated; writing goes through `validateForAppend`.
 */
export class EventRegistry {
  private readonly definitions = new Map<string, EventDefinition>();

  constructor(definitions: readonly EventDefinition[]) {
    for (const definition of definitions) {
      if (this.definitions.has(definition.type)) {
        throw new Error(`Event type '${definition.type}' is registered twice`);
      }
      this.definitions.set(definition.type, definition);
    }
  }

  has(type: string): boolean {
    return this.definitions.has(type);
  }

  schemaVersionOf(type: string): number {
    return this.definitionOf(type).schemaVersion;
  }

  /**
   * Validates an event about to be appended and returns its data as the schema parses it (the event itself
   * when its data is already the schema's output: parsed-data.ts).
   */
  validateForAppend<E extends DomainEvent>(event: E): E {
    const definition = this.definitionOf(event.type);
    if (wasParsedBy(definition, event.data)) return event;
    return { ...event, data: markParsed(definition, definition.schema.parse(event.data)) };
  }

  /**
   * Lifts a stored event to the current schema version and validates it (data of the current version that
   * is already the schema's output, as a command's own events are when its read models apply them, is not
   * parsed again: parsed-data.ts).
   */
  upcast(stored: StoredEventShape): DomainEvent {
    const definition = this.definitionOf(stored.type);
    if (stored.schemaVersion === definition.schemaVersion && wasParsedBy(definition, stored.data)) {
      return { type: stored.type, data: stored.data };
    }
    let data = stored.data;
    for (let version = stored.schemaVersion; version < definition.schemaVersion; version += 1) {
      const upcaster = definition.upcasters?.[version];
      if (!upcaster) {
        throw new Error(`Event '${stored.type}' has no upcaster from schema version ${version}`);
      }
      data = upcaster(data);
    }
    return { type: stored.type, data: markParsed(definition, definition.schema.parse(data)) };
  }

  private definitionOf(type: string): EventDefinition {
    const definition = this.definitions.get(type);
    if (!definition) throw new UnknownEventTypeError(type);
    return definition;
  }
}
