/**
 * ListOffsets v3.
 *
 *   Request  => replica_id:int32 isolation_level:int8
 *               [topics: name:STRING [partitions: partition_index:int32 timestamp:int64]]
 *   Response => throttle_time_ms:int32
 *               [topics: name:STRING [partitions: partition_index:int32 error_code:int16 timestamp:int64 offset:int64]]
 *
 * timestamp -1 asks for the latest offset (high watermark), -2 for the earliest (log start);
 * any other value for the first offset whose record timestamp is at or after it.
 */
import type { TopicLog } from '../log';
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/errors';
import type { ProtocolReader } from '../protocol/reader';
import { ProtocolWriter } from '../protocol/writer';
import type { ApiHandler } from './handler';

const LATEST_TIMESTAMP = -1n;
const EARLIEST_TIMESTAMP = -2n;
const UNKNOWN = -1n;

interface PartitionQuery {
  readonly partition: number;
  readonly timestamp: bigint;
}

interface TopicQuery {
  readonly topic: string;
  readonly partitions: readonly PartitionQuery[];
}

interface PartitionOffset {
  readonly partition: number;
  readonly errorCode: ErrorCode;
  readonly timestamp: bigint;
  readonly offset: bigint;
}

interface TopicOffsets {
  readonly topic: string;
  readonly partitions: readonly PartitionOffset[];
}

function decodeRequest(reader: ProtocolReader): TopicQuery[] {
  reader.int32(); // replica_id
  reader.int8(); // isolation_level: no transactions, so both levels see the high watermark
  return reader.array((r) => ({
    topic: r.string(),
    partitions: r.array((pr) => ({ partition: pr.int32(), timestamp: pr.int64() })),
  }));
}

function lookUp(log: TopicLog, topic: string, { partition, timestamp }: PartitionQuery): PartitionOffset {
  const partitionLog = log.partition(topic, partition);
  if (partitionLog === undefined) {
    return { partition, errorCode: ErrorCode.UnknownTopicOrPartition, timestamp: UNKNOWN, offset: UNKNOWN };
  }
  if (timestamp === LATEST_TIMESTAMP || timestamp === EARLIEST_TIMESTAMP) {
    const offset = timestamp === LATEST_TIMESTAMP ? partitionLog.highWatermark : partitionLog.logStartOffset;
    return { partition, errorCode: ErrorCode.None, timestamp: UNKNOWN, offset };
  }
  const record = partitionLog.firstRecordAtOrAfter(timestamp);
  return {
    partition,
    errorCode: ErrorCode.None,
    timestamp: record?.timestamp ?? UNKNOWN,
    offset: record?.offset ?? UNKNOWN,
  };
}

function encodeResponse(topics: readonly TopicOffsets[]): ProtocolWriter {
  return new ProtocolWriter()
    .int32(0)
    .array(topics, (w, { topic, partitions }) =>
      w
        .string(topic)
        .array(partitions, (pw, p) => pw.int32(p.partition).int16(p.errorCode).int64(p.timestamp).int64(p.offset)),
    );
}

export const listOffsetsHandler: ApiHandler = {
  apiKey: ApiKey.ListOffsets,
  name: 'ListOffsets',
  minVersion: 3,
  maxVersion: 3,
  handle: ({ body, broker }) =>
    encodeResponse(
      decodeRequest(body).map(({ topic, partitions }) => ({
        topic,
        partitions: partitions.map((query) => lookUp(broker.log, topic, query)),
      })),
    ),
};
