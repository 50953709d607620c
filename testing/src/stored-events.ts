import type { StoredEvent } from '@stride/platform/event-store/types';

let position = 0;

/** An event as a log consumer receives it, on a user's stream, each at the next position (unit tests). */
export const storedEvent = (type: string, data: unknown, userId = 'u1'): StoredEvent => {
  position += 1;
  return {
    globalPosition: position,
    transactionId: '1',
    streamId: `user-${userId}`,
    streamVersion: position,
    eventId: `e-${position}`,
    type,
    schemaVersion: 1,
    data,
    metadata: {
      userId,
      correlationId: 'c',
      causationId: null,
      schemaVersion: 1,
      recordedAt: '2026-11-27T10:00:00.000Z',
    },
    recordedAt: '2026-11-27T10:00:00.000Z',
  };
};
