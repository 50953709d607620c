import type { StoredEvent } from '@stride/platform/event-store/types';
import type { DomainEvent } from '@stride/domain/shared/event';
import type { EventRegistry } from '@stride/domain/shared/event-registry';
import type { RowStore } from './row-store';
import type { AnyTableSpec, TableSpec } from './table';

/** Where an event sits in the log, as a projection may use it (never the wall clock: replays must agree). */
export interface EventEnvelope {
  readonly streamId: string;
  readonly streamVersion: number;
  readonly globalPosition: number;
  readonly recordedAt: string;
  /** The user on whose behalf the event was written (metadata.userId). */
  readonly actorId: string;
}

/** A row a projection will read or write for an event: loaded before the batch is applied. */
export interface RowRef {
  readonly table: AnyTableSpec;
  readonly key: Readonly<Record<string, string>>;
}

export const rowRef = <Row, Key extends keyof Row & string>(
  table: TableSpec<Row, Key>,
  key: { readonly [K in Key]: string },
): RowRef => ({ table: table as unknown as AnyTableSpec, key });

/**
 * One read model (Emmett's projection shape): the tables it owns, how it reads the events it declares it
 * handles, which rows each event touches, and how it changes them. `apply` is pure over the RowStore, so
 * the same code runs live (rows loaded from the tables), in rebuilds and in audit replays (rows in memory).
 */
export interface ProjectionDefinition<Event extends DomainEvent> {
  /** Stable name; the subscription checkpoint is stored as `projection:<name>`. */
  readonly name: string;
  readonly tables: readonly AnyTableSpec[];
  /** The event types handled; everything else is skipped. */
  readonly eventTypes: readonly Event['type'][];
  /**
   * Reads a handled event in its current shape. Throws on malformed data: a projection never skips an
   * event it claims to handle (the batch fails and is retried; see LogSubscription).
   */
  readonly decode?: (stored: StoredEvent, registry: EventRegistry) => Event;
  /**
   * The rows an event touches. Never from its position or time: an inline batch asks for its rows before
   * the database has told it those (they come back with the rows).
   */
  readonly keysOf: (event: Event, envelope: EventEnvelope) => readonly RowRef[];
  readonly apply: (rows: RowStore, event: Event, envelope: EventEnvelope) => void;
}

/** A decoded batch: the rows it needs and how to apply it. */
export interface ProjectionBatch {
  readonly size: number;
  readonly refs: readonly RowRef[];
  applyTo(rows: RowStore): void;
}

/** A projection with its types erased, as the runner, rebuild and verify tools handle it. */
export interface Projection {
  readonly name: string;
  readonly subscriptionId: string;
  readonly tables: readonly AnyTableSpec[];
  handles(eventType: string): boolean;
  decodeBatch(events: readonly StoredEvent[]): ProjectionBatch;
}

export const envelopeOf = (stored: StoredEvent): EventEnvelope => ({
  streamId: stored.streamId,
  streamVersion: stored.streamVersion,
  globalPosition: stored.globalPosition,
  recordedAt: stored.recordedAt,
  actorId: stored.metadata.userId,
});

/** Core events go through the registry: older schema versions are upcast, and the data is validated. */
const decodeWithRegistry = <Event extends DomainEvent>(stored: StoredEvent, registry: EventRegistry): Event =>
  registry.upcast(stored) as Event;

export const subscriptionIdOf = (name: string): string => `projection:${name}`;

export function defineProjection<Event extends DomainEvent>(
  definition: ProjectionDefinition<Event>,
  registry: EventRegistry,
): Projection {
  const handled = new Set<string>(definition.eventTypes);
  const decode = definition.decode ?? decodeWithRegistry<Event>;
  return {
    name: definition.name,
    subscriptionId: subscriptionIdOf(definition.name),
    tables: definition.tables,
    handles: (eventType) => handled.has(eventType),
    decodeBatch(events) {
      const decoded = events
        .filter((stored) => handled.has(stored.type))
        .map((stored) => ({ event: decode(stored, registry), stored }));
      return {
        size: decoded.length,
        refs: decoded.flatMap(({ event, stored }) => definition.keysOf(event, envelopeOf(stored))),
        // The envelope is read when applying: an inline batch completes its events' positions and times
        // (from the database) between asking for its rows and applying.
        applyTo(rows) {
          for (const { event, stored } of decoded) definition.apply(rows, event, envelopeOf(stored));
        },
      };
    },
  };
}
