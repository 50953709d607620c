/**
 * In-memory partitioned topic log. Each partition keeps the producer's record batches as raw
 * bytes (with the broker-assigned base offset written in, exactly as Kafka stores them) so a
 * Fetch can return them verbatim, plus the decoded records for test inspection and timestamp
 * lookups. Nothing is ever deleted: the log start offset is always 0.
 */
import type { RecordBatch, RecordHeader } from './protocol/record-batch';
import { withBaseOffset } from './protocol/record-batch';

export interface StoredRecord {
  readonly offset: bigint;
  readonly timestamp: bigint;
  readonly key: Buffer | null;
  readonly value: Buffer | null;
  readonly headers: readonly RecordHeader[];
}

interface StoredBatch {
  readonly baseOffset: bigint;
  readonly lastOffset: bigint;
  readonly bytes: Buffer;
  readonly records: readonly StoredRecord[];
}

const TOPIC_NAME_PATTERN = /^[a-zA-Z0-9._-]{1,249}$/;

export function isValidTopicName(name: string): boolean {
  return TOPIC_NAME_PATTERN.test(name) && name !== '.' && name !== '..';
}

export class PartitionLog {
  readonly logStartOffset = 0n;
  private readonly batches: StoredBatch[] = [];
  private nextOffset = 0n;

  /** Offset of the next record to be written; with a single replica everything is committed. */
  get highWatermark(): bigint {
    return this.nextOffset;
  }

  /** Appends a validated batch and returns the base offset assigned to it. */
  append(batch: RecordBatch, rawBytes: Buffer): bigint {
    const baseOffset = this.nextOffset;
    const records = batch.records.map((record) => ({
      offset: baseOffset + BigInt(record.offsetDelta),
      timestamp: batch.baseTimestamp + record.timestampDelta,
      key: record.key,
      value: record.value,
      headers: record.headers,
    }));
    const lastOffset = baseOffset + BigInt(batch.lastOffsetDelta);
    this.batches.push({ baseOffset, lastOffset, bytes: withBaseOffset(rawBytes, baseOffset), records });
    this.nextOffset = lastOffset + 1n;
    return baseOffset;
  }

  /**
   * Raw batches that contain offsets at or after `fetchOffset`, up to `maxBytes`. Like Kafka
   * (KIP-74) the first batch is returned whole even when larger than the limit if
   * `allowOversizedFirstBatch`, so a consumer can always make progress. A batch may start before
   * `fetchOffset`; clients skip the records below the offset they asked for.
   */
  read(fetchOffset: bigint, maxBytes: number, allowOversizedFirstBatch: boolean): Buffer[] {
    const result: Buffer[] = [];
    let size = 0;
    for (let i = this.firstBatchIndexContaining(fetchOffset); i < this.batches.length; i++) {
      const bytes = this.batches[i]?.bytes;
      if (bytes === undefined) break;
      const fits = size + bytes.length <= maxBytes;
      if (!fits && !(result.length === 0 && allowOversizedFirstBatch)) break;
      result.push(bytes);
      size += bytes.length;
    }
    return result;
  }

  /** The earliest record whose timestamp is >= `timestamp`, or undefined when there is none. */
  firstRecordAtOrAfter(timestamp: bigint): StoredRecord | undefined {
    return this.records().find((record) => record.timestamp >= timestamp);
  }

  records(): StoredRecord[] {
    return this.batches.flatMap((batch) => batch.records);
  }

  private firstBatchIndexContaining(offset: bigint): number {
    let low = 0;
    let high = this.batches.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const batch = this.batches[middle];
      if (batch !== undefined && batch.lastOffset < offset) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

export type AppendListener = (topic: string, partition: number) => void;

export class TopicLog {
  private readonly topics = new Map<string, readonly PartitionLog[]>();
  private readonly appendListeners = new Set<AppendListener>();

  createTopic(name: string, partitionCount: number): void {
    if (this.topics.has(name)) throw new Error(`topic ${name} already exists`);
    this.topics.set(
      name,
      Array.from({ length: partitionCount }, () => new PartitionLog()),
    );
  }

  hasTopic(name: string): boolean {
    return this.topics.has(name);
  }

  topicNames(): string[] {
    return [...this.topics.keys()];
  }

  partitions(topic: string): readonly PartitionLog[] | undefined {
    return this.topics.get(topic);
  }

  partition(topic: string, partition: number): PartitionLog | undefined {
    return this.topics.get(topic)?.[partition];
  }

  append(topic: string, partition: number, batch: RecordBatch, rawBytes: Buffer): bigint {
    const log = this.partition(topic, partition);
    if (log === undefined) throw new Error(`unknown partition ${topic}/${partition}`);
    const baseOffset = log.append(batch, rawBytes);
    for (const listener of this.appendListeners) listener(topic, partition);
    return baseOffset;
  }

  /** Registers a listener called after every append; returns its unsubscribe function. */
  onAppend(listener: AppendListener): () => void {
    this.appendListeners.add(listener);
    return () => this.appendListeners.delete(listener);
  }
}
