import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@stride/domain/shared/event';
import type { CommandHandler, StreamEvolver } from './command-handler';

/** A stream whose state nobody decides on: the events are given. */
const givenEvents: StreamEvolver<null, DomainEvent> = { initialState: () => null, evolve: (state) => state };

/**
 * Appends events that were decided elsewhere (test and benchmark set-up, e.g. a billing fact or a month
 * of usage) through the one write path, so they are validated and reach the inline read models in the
 * same transaction like any command's. `expectedVersion` 0 = the stream must not exist yet.
 */
export async function recordEvents(
  commands: CommandHandler,
  streamId: string,
  events: readonly DomainEvent[],
  options: { readonly userId: string; readonly expectedVersion?: number },
): Promise<{ lastPosition: number }> {
  const { outcome } = await commands.execute({
    streams: {
      stream: {
        streamId,
        decider: givenEvents,
        ...(options.expectedVersion !== undefined && { expectedVersion: options.expectedVersion }),
      },
    },
    decide: () => ({ stream: events }),
    context: { userId: options.userId, correlationId: randomUUID(), causationId: null },
    result: () => null,
  });
  if (outcome.position === null) throw new Error(`Nothing was recorded on ${streamId}`);
  return { lastPosition: outcome.position };
}
