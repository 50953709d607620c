/**
 * Producer ids and per-partition sequence numbers for idempotent producers (KIP-98).
 * Mirrors the broker's checks: the epoch must be the current one, the first batch of an epoch
 * starts at sequence 0, each batch continues the previous one, and a retry of one of the last
 * five batches is acknowledged again with its original offset instead of being appended twice.
 */
import { ErrorCode } from './protocol/errors';
import type { RecordBatch } from './protocol/record-batch';
import { NO_PRODUCER_ID } from './protocol/record-batch';

const FIRST_PRODUCER_ID = 1000n;
const RETAINED_BATCHES_PER_PARTITION = 5;
const MAX_SEQUENCE = 2 ** 31 - 1;

export interface ProducerIdentity {
  readonly producerId: bigint;
  readonly producerEpoch: number;
}

export type SequenceCheck =
  | { readonly outcome: 'append' }
  | { readonly outcome: 'duplicate'; readonly baseOffset: bigint }
  | { readonly outcome: 'reject'; readonly errorCode: ErrorCode };

interface AppendedBatch {
  readonly firstSequence: number;
  readonly lastSequence: number;
  readonly baseOffset: bigint;
}

interface PartitionProducerState {
  readonly epoch: number;
  readonly recentBatches: AppendedBatch[];
}

type IdempotentBatch = Pick<RecordBatch, 'producerId' | 'producerEpoch' | 'baseSequence' | 'lastOffsetDelta'>;

function nextSequence(sequence: number, increment: number): number {
  return (sequence + increment) % (MAX_SEQUENCE + 1);
}

export class ProducerStateRegistry {
  private nextProducerId = FIRST_PRODUCER_ID;
  private readonly currentEpochs = new Map<bigint, number>();
  private readonly producerIdsByTransactionalId = new Map<string, bigint>();
  private readonly partitionStates = new Map<string, PartitionProducerState>();

  /**
   * A fresh id for an idempotent producer; for a transactional id, the same producer id with
   * its epoch bumped (fencing the previous incarnation).
   */
  initProducerId(transactionalId: string | null): ProducerIdentity {
    const existing = transactionalId === null ? undefined : this.producerIdsByTransactionalId.get(transactionalId);
    if (existing !== undefined) {
      const producerEpoch = (this.currentEpochs.get(existing) ?? -1) + 1;
      this.currentEpochs.set(existing, producerEpoch);
      return { producerId: existing, producerEpoch };
    }
    const producerId = this.nextProducerId++;
    this.currentEpochs.set(producerId, 0);
    if (transactionalId !== null) this.producerIdsByTransactionalId.set(transactionalId, producerId);
    return { producerId, producerEpoch: 0 };
  }

  check(topic: string, partition: number, batch: IdempotentBatch): SequenceCheck {
    if (batch.producerId === NO_PRODUCER_ID) return { outcome: 'append' };
    const currentEpoch = this.currentEpochs.get(batch.producerId);
    if (currentEpoch === undefined) {
      return { outcome: 'reject', errorCode: ErrorCode.UnknownProducerId };
    }
    if (batch.producerEpoch !== currentEpoch) {
      return { outcome: 'reject', errorCode: ErrorCode.InvalidProducerEpoch };
    }

    const state = this.partitionStates.get(stateKey(batch.producerId, topic, partition));
    const lastSequence = nextSequence(batch.baseSequence, batch.lastOffsetDelta);
    const duplicate = state?.recentBatches.find(
      (appended) => appended.firstSequence === batch.baseSequence && appended.lastSequence === lastSequence,
    );
    if (duplicate !== undefined && state?.epoch === batch.producerEpoch) {
      return { outcome: 'duplicate', baseOffset: duplicate.baseOffset };
    }

    const lastAppended = state?.epoch === batch.producerEpoch ? state.recentBatches.at(-1) : undefined;
    const expectedSequence = lastAppended === undefined ? 0 : nextSequence(lastAppended.lastSequence, 1);
    if (batch.baseSequence !== expectedSequence) {
      return { outcome: 'reject', errorCode: ErrorCode.OutOfOrderSequenceNumber };
    }
    return { outcome: 'append' };
  }

  /** Records a batch appended after a successful {@link check}. */
  recordAppend(topic: string, partition: number, batch: IdempotentBatch, baseOffset: bigint): void {
    if (batch.producerId === NO_PRODUCER_ID) return;
    const key = stateKey(batch.producerId, topic, partition);
    const previous = this.partitionStates.get(key);
    const recentBatches = previous?.epoch === batch.producerEpoch ? previous.recentBatches : [];
    recentBatches.push({
      firstSequence: batch.baseSequence,
      lastSequence: nextSequence(batch.baseSequence, batch.lastOffsetDelta),
      baseOffset,
    });
    if (recentBatches.length > RETAINED_BATCHES_PER_PARTITION) recentBatches.shift();
    this.partitionStates.set(key, { epoch: batch.producerEpoch, recentBatches });
  }
}

function stateKey(producerId: bigint, topic: string, partition: number): string {
  return `${producerId}\u0000${topic}\u0000${partition}`;
}
