/**
 * OffsetCommit v5. Group-level failures (UNKNOWN_MEMBER_ID, ILLEGAL_GENERATION,
 * REBALANCE_IN_PROGRESS) are reported on every partition, as Kafka does.
 *
 *   Request  => group_id:STRING generation_id:int32 member_id:STRING
 *               [topics: name:STRING [partitions: partition_index:int32 committed_offset:int64
 *                 committed_metadata:NULLABLE_STRING]]
 *   Response => throttle_time_ms:int32 [topics: name:STRING [partitions: partition_index:int32 error_code:int16]]
 */
import type { OffsetToCommit } from '../group-coordinator';
import type { TopicLog } from '../log';
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/errors';
import type { ProtocolReader } from '../protocol/reader';
import { ProtocolWriter } from '../protocol/writer';
import type { ApiHandler } from './handler';

interface OffsetCommitRequest {
  readonly groupId: string;
  readonly generationId: number;
  readonly memberId: string;
  readonly offsets: readonly OffsetToCommit[];
}

interface PartitionResult {
  readonly topic: string;
  readonly partition: number;
  readonly errorCode: ErrorCode;
}

function decodeRequest(reader: ProtocolReader): OffsetCommitRequest {
  const groupId = reader.string();
  const generationId = reader.int32();
  const memberId = reader.string();
  const offsets = reader
    .array((r) => {
      const topic = r.string();
      return r.array((pr) => ({
        topic,
        partition: pr.int32(),
        offset: pr.int64(),
        metadata: pr.nullableString(),
      }));
    })
    .flat();
  return { groupId, generationId, memberId, offsets };
}

function encodeResponse(results: readonly PartitionResult[]): ProtocolWriter {
  const topics = [...new Set(results.map((result) => result.topic))];
  return new ProtocolWriter().int32(0).array(topics, (w, topic) =>
    w.string(topic).array(
      results.filter((result) => result.topic === topic),
      (pw, result) => pw.int32(result.partition).int16(result.errorCode),
    ),
  );
}

function partitionExists(log: TopicLog, { topic, partition }: OffsetToCommit): boolean {
  return log.partition(topic, partition) !== undefined;
}

export const offsetCommitHandler: ApiHandler = {
  apiKey: ApiKey.OffsetCommit,
  name: 'OffsetCommit',
  minVersion: 5,
  maxVersion: 5,
  handle: ({ body, broker }) => {
    const request = decodeRequest(body);
    const known = request.offsets.filter((offset) => partitionExists(broker.log, offset));
    const groupError =
      request.groupId === ''
        ? ErrorCode.InvalidGroupId
        : broker.groups.commitOffsets(request.groupId, request.memberId, request.generationId, known);
    return encodeResponse(
      request.offsets.map((offset) => ({
        topic: offset.topic,
        partition: offset.partition,
        errorCode: partitionExists(broker.log, offset) ? groupError : ErrorCode.UnknownTopicOrPartition,
      })),
    );
  },
};
