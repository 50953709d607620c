/**
 * OffsetFetch v4. Partitions without a committed offset report offset -1.
 *
 *   Request  => group_id:STRING [topics: name:STRING [partition_indexes:int32]] (null = all committed)
 *   Response => throttle_time_ms:int32
 *               [topics: name:STRING [partitions: partition_index:int32 committed_offset:int64
 *                 metadata:NULLABLE_STRING error_code:int16]]
 *               error_code:int16
 */
import type { FetchedOffset } from '../group-coordinator';
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/errors';
import { ProtocolWriter } from '../protocol/writer';
import type { ApiHandler } from './handler';

function encodeResponse(offsets: readonly FetchedOffset[], errorCode: ErrorCode): ProtocolWriter {
  const topics = [...new Set(offsets.map((offset) => offset.topic))];
  return new ProtocolWriter()
    .int32(0)
    .array(topics, (w, topic) =>
      w.string(topic).array(
        offsets.filter((offset) => offset.topic === topic),
        (pw, offset) => pw.int32(offset.partition).int64(offset.offset).string(offset.metadata).int16(ErrorCode.None),
      ),
    )
    .int16(errorCode);
}

export const offsetFetchHandler: ApiHandler = {
  apiKey: ApiKey.OffsetFetch,
  name: 'OffsetFetch',
  minVersion: 4,
  maxVersion: 4,
  handle: ({ body, broker }) => {
    const groupId = body.string();
    const topics = body.nullableArray((r) => ({
      topic: r.string(),
      partitions: r.array((pr) => pr.int32()),
    }));
    if (groupId === '') return encodeResponse([], ErrorCode.InvalidGroupId);
    return encodeResponse(broker.groups.fetchOffsets(groupId, topics), ErrorCode.None);
  },
};
