/**
 * Produce v7 (record batches v2 only; v7 merely signals zstd capability, which is not served).
 *
 *   Request  => transactional_id:NULLABLE_STRING acks:int16 timeout_ms:int32
 *               [topics: name:STRING [partitions: index:int32 records:RECORDS]]
 *   Response => [topics: name:STRING [partitions: index:int32 error_code:int16 base_offset:int64
 *                 log_append_time_ms:int64 log_start_offset:int64]] throttle_time_ms:int32
 *
 * Batches of one partition are validated together (magic, CRC-32C, compression, producer
 * sequence) before any is appended. With acks=0 no response is sent. With one replica,
 * acks=1 and acks=-1 are equivalent.
 */
import type { BrokerState } from '../broker-state';
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode, RecordBatchError } from '../protocol/errors';
import type { ProtocolReader } from '../protocol/reader';
import type { RecordBatch } from '../protocol/record-batch';
import { decodeRecordBatch, splitRecordSet } from '../protocol/record-batch';
import { ProtocolWriter } from '../protocol/writer';
import type { ApiHandler } from './handler';

const VALID_ACKS = new Set([-1, 0, 1]);
const NO_TIMESTAMP = -1n;
const NO_OFFSET = -1n;

interface PartitionData {
  readonly partition: number;
  readonly records: Buffer | null;
}

interface TopicData {
  readonly topic: string;
  readonly partitions: readonly PartitionData[];
}

interface ProduceRequest {
  readonly acks: number;
  readonly topics: readonly TopicData[];
}

interface PartitionResult {
  readonly partition: number;
  readonly errorCode: ErrorCode;
  readonly baseOffset: bigint;
  readonly logStartOffset: bigint;
}

interface TopicResult {
  readonly topic: string;
  readonly partitions: readonly PartitionResult[];
}

interface DecodedBatch {
  readonly bytes: Buffer;
  readonly batch: RecordBatch;
}

function decodeRequest(reader: ProtocolReader): ProduceRequest {
  reader.nullableString(); // transactional_id: transactions are not served
  const acks = reader.int16();
  reader.int32(); // timeout_ms: appends are synchronous
  const topics = reader.array((r) => ({
    topic: r.string(),
    partitions: r.array((pr) => ({ partition: pr.int32(), records: pr.bytes() })),
  }));
  return { acks, topics };
}

function failed(partition: number, errorCode: ErrorCode): PartitionResult {
  return { partition, errorCode, baseOffset: NO_OFFSET, logStartOffset: NO_OFFSET };
}

function decodeBatches(records: Buffer | null): DecodedBatch[] | ErrorCode {
  if (records === null || records.length === 0) return ErrorCode.CorruptMessage;
  try {
    return splitRecordSet(records).map((bytes) => ({ bytes, batch: decodeRecordBatch(bytes) }));
  } catch (error) {
    if (error instanceof RecordBatchError) return error.code;
    throw error;
  }
}

function appendToPartition(broker: BrokerState, topic: string, data: PartitionData): PartitionResult {
  const log = broker.log.partition(topic, data.partition);
  if (log === undefined) return failed(data.partition, ErrorCode.UnknownTopicOrPartition);
  const decoded = decodeBatches(data.records);
  if (!Array.isArray(decoded)) return failed(data.partition, decoded);

  let firstBaseOffset: bigint | null = null;
  for (const { bytes, batch } of decoded) {
    const check = broker.producers.check(topic, data.partition, batch);
    if (check.outcome === 'reject') return failed(data.partition, check.errorCode);
    let baseOffset: bigint;
    if (check.outcome === 'duplicate') {
      baseOffset = check.baseOffset;
    } else {
      baseOffset = broker.log.append(topic, data.partition, batch, bytes);
      broker.producers.recordAppend(topic, data.partition, batch, baseOffset);
    }
    firstBaseOffset ??= baseOffset;
  }
  return {
    partition: data.partition,
    errorCode: ErrorCode.None,
    baseOffset: firstBaseOffset ?? NO_OFFSET,
    logStartOffset: log.logStartOffset,
  };
}

function produce(broker: BrokerState, request: ProduceRequest): TopicResult[] {
  return request.topics.map(({ topic, partitions }) => {
    const topicError = VALID_ACKS.has(request.acks) ? broker.resolveTopic(topic, true) : ErrorCode.InvalidRequiredAcks;
    return {
      topic,
      partitions: partitions.map((data) =>
        topicError === ErrorCode.None ? appendToPartition(broker, topic, data) : failed(data.partition, topicError),
      ),
    };
  });
}

function encodeResponse(results: readonly TopicResult[]): ProtocolWriter {
  return new ProtocolWriter()
    .array(results, (w, { topic, partitions }) =>
      w
        .string(topic)
        .array(partitions, (pw, p) =>
          pw.int32(p.partition).int16(p.errorCode).int64(p.baseOffset).int64(NO_TIMESTAMP).int64(p.logStartOffset),
        ),
    )
    .int32(0);
}

export const produceHandler: ApiHandler = {
  apiKey: ApiKey.Produce,
  name: 'Produce',
  minVersion: 7,
  maxVersion: 7,
  handle: ({ body, broker }) => {
    const request = decodeRequest(body);
    const results = produce(broker, request);
    return request.acks === 0 ? null : encodeResponse(results);
  },
};
