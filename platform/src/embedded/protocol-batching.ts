/**
 * pglite-socket 0.2 queues every wire-protocol message on its own and keeps one connection's messages
 * together only inside a transaction. Outside one, the Parse/Bind/Execute/Sync of two `pg` connections can
 * interleave, and PGlite answers "unnamed prepared statement does not exist". This wraps the server's
 * queue so that each connection's messages up to a synchronisation point (Sync, simple Query, Flush,
 * Terminate) reach PGlite as one unit. PGlite processes a buffer of several messages in one call.
 */
interface QueueLike {
  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number>;
}

const SYNC_POINTS = new Set(['S', 'Q', 'H', 'X'].map((c) => c.charCodeAt(0)));
// Messages sent before the startup packet has no type byte; they start with a length. They are passed on alone.
const isTypedMessage = (message: Uint8Array) => message.length >= 5 && message[0]! >= 0x41 && message[0]! <= 0x7a;

export function batchProtocolMessagesUntilSync(server: object): void {
  const queue = (server as { queryQueue?: QueueLike }).queryQueue;
  if (!queue || typeof queue.enqueue !== 'function') {
    throw new Error('pglite-socket internals changed: queryQueue.enqueue not found; re-check protocol batching');
  }
  const enqueue = queue.enqueue.bind(queue);
  const pending = new Map<number, Uint8Array[]>();
  queue.enqueue = async (handlerId, message, onData) => {
    if (!isTypedMessage(message)) return enqueue(handlerId, message, onData);
    const parts = pending.get(handlerId) ?? [];
    parts.push(message);
    if (!SYNC_POINTS.has(message[0]!)) {
      pending.set(handlerId, parts);
      return 0;
    }
    pending.delete(handlerId);
    return enqueue(handlerId, parts.length === 1 ? message : Buffer.concat(parts), onData);
  };
}
