import { describe, expect, it } from 'vitest';
import { ErrorCode } from './protocol/errors';
import { ProducerStateRegistry } from './producer-state';

function batch(producerId: bigint, producerEpoch: number, baseSequence: number, recordCount: number) {
  return { producerId, producerEpoch, baseSequence, lastOffsetDelta: recordCount - 1 };
}

describe('ProducerStateRegistry', () => {
  it('allocates distinct producer ids and bumps the epoch of a transactional id', () => {
    const registry = new ProducerStateRegistry();
    const a = registry.initProducerId(null);
    const b = registry.initProducerId(null);
    expect(a.producerId).not.toBe(b.producerId);
    const first = registry.initProducerId('tx');
    expect(registry.initProducerId('tx')).toEqual({
      producerId: first.producerId,
      producerEpoch: first.producerEpoch + 1,
    });
  });

  it('accepts consecutive sequences and acknowledges a retried batch with its original offset', () => {
    const registry = new ProducerStateRegistry();
    const { producerId, producerEpoch } = registry.initProducerId(null);
    const first = batch(producerId, producerEpoch, 0, 3);
    expect(registry.check('t', 0, first)).toEqual({ outcome: 'append' });
    registry.recordAppend('t', 0, first, 10n);
    const second = batch(producerId, producerEpoch, 3, 2);
    expect(registry.check('t', 0, second)).toEqual({ outcome: 'append' });
    registry.recordAppend('t', 0, second, 13n);

    expect(registry.check('t', 0, first)).toEqual({ outcome: 'duplicate', baseOffset: 10n });
    expect(registry.check('t', 0, batch(producerId, producerEpoch, 7, 1))).toEqual({
      outcome: 'reject',
      errorCode: ErrorCode.OutOfOrderSequenceNumber,
    });
    expect(registry.check('t', 1, batch(producerId, producerEpoch, 0, 1))).toEqual({ outcome: 'append' });
  });

  it('rejects unknown producers, stale epochs and a first sequence other than 0', () => {
    const registry = new ProducerStateRegistry();
    const { producerId, producerEpoch } = registry.initProducerId(null);
    expect(registry.check('t', 0, batch(999_999n, 0, 0, 1))).toMatchObject({
      errorCode: ErrorCode.UnknownProducerId,
    });
    expect(registry.check('t', 0, batch(producerId, producerEpoch + 1, 0, 1))).toMatchObject({
      errorCode: ErrorCode.InvalidProducerEpoch,
    });
    expect(registry.check('t', 0, batch(producerId, producerEpoch, 5, 1))).toMatchObject({
      errorCode: ErrorCode.OutOfOrderSequenceNumber,
    });
  });

  it('does not track non-idempotent batches', () => {
    const registry = new ProducerStateRegistry();
    expect(registry.check('t', 0, batch(-1n, -1, -1, 5))).toEqual({ outcome: 'append' });
  });
});
