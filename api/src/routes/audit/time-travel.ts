import { diffStates, type StateChange } from '@stride/application/audit/state-diff';
import { DomainError } from '@stride/domain/shared/domain-error';
import type { EventRegistry } from '@stride/domain/shared/event-registry';
import type { PostgresEventStore } from '@stride/platform/event-store/event-store';
import type { StoredEvent } from '@stride/platform/event-store/types';
import { replayState } from './replay-state';

export interface StatePoint {
  readonly at: string | null;
  readonly version: number;
  readonly position: number | null;
  readonly recordedAt: string | null;
  readonly state: unknown;
}

interface Deps {
  readonly eventStore: PostgresEventStore;
  readonly eventRegistry: EventRegistry;
}

/** Times resolve to the millisecond: `at` includes events recorded within that millisecond (stored in µs). */
const endOfMillisecond = (instant: string): Date => new Date(Date.parse(instant) + 1);

/** A point (digits = global log position, else an ISO instant; undefined = now) as a readStream bound. */
const boundOf = (at: string | undefined) =>
  at === undefined ? {} : /^\d+$/.test(at) ? { toPosition: Number(at) } : { toTime: endOfMillisecond(at) };

/** The stream's aggregate at a point: its events up to there, folded by the decider's evolve. */
export async function stateAt(deps: Deps, streamId: string, at: string | undefined): Promise<StatePoint> {
  const { events } = await deps.eventStore.readStream(streamId, boundOf(at));
  const last = events.at(-1);
  return {
    at: at ?? null,
    version: last?.streamVersion ?? 0,
    position: last?.globalPosition ?? null,
    recordedAt: last?.recordedAt ?? null,
    state: replayState(streamId, events, deps.eventRegistry),
  };
}

/** Both states and what changed from `from` to `to`; `from` after `to` is a 400 naming `from`. */
export async function diffBetween(
  deps: Deps,
  streamId: string,
  from: string,
  to: string | undefined,
): Promise<{ from: StatePoint; to: StatePoint; changes: StateChange[] }> {
  const [before, after] = await Promise.all([stateAt(deps, streamId, from), stateAt(deps, streamId, to)]);
  if (before.version > after.version) {
    throw new DomainError('validation', 'from: must not be later than to', { field: 'from' });
  }
  return { from: before, to: after, changes: diffStates(before.state, after.state) };
}

/** A stored event with its decoded form (upcast to the current schema), or why it cannot be decoded. */
export function decodeEvent(event: StoredEvent, registry: EventRegistry) {
  const base = { ...event, metadata: { ...event.metadata } };
  try {
    const decoded = registry.upcast(event);
    return {
      ...base,
      decoded: { schemaVersion: registry.schemaVersionOf(event.type), data: decoded.data },
      decodeError: null,
    };
  } catch (error) {
    return { ...base, decoded: null, decodeError: error instanceof Error ? error.message : String(error) };
  }
}
