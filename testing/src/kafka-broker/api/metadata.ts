/**
 * Metadata v6.
 *
 *   Request  => [topics:STRING] (null = all topics) allow_auto_topic_creation:BOOLEAN
 *   Response => throttle_time_ms:int32 [brokers: node_id:int32 host:STRING port:int32 rack:NULLABLE_STRING]
 *               cluster_id:NULLABLE_STRING controller_id:int32
 *               [topics: error_code:int16 name:STRING is_internal:BOOLEAN
 *                 [partitions: error_code:int16 partition_index:int32 leader_id:int32
 *                   [replica_nodes:int32] [isr_nodes:int32] [offline_replicas:int32]]]
 */
import type { BrokerState } from '../broker-state';
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/errors';
import type { ProtocolReader } from '../protocol/reader';
import { ProtocolWriter } from '../protocol/writer';
import type { ApiHandler } from './handler';

interface MetadataRequest {
  readonly topics: readonly string[] | null;
  readonly allowAutoTopicCreation: boolean;
}

interface TopicMetadata {
  readonly errorCode: ErrorCode;
  readonly name: string;
  readonly partitionCount: number;
}

function decodeRequest(reader: ProtocolReader): MetadataRequest {
  return {
    topics: reader.nullableArray((r) => r.string()),
    allowAutoTopicCreation: reader.boolean(),
  };
}

function describeTopics(broker: BrokerState, request: MetadataRequest): TopicMetadata[] {
  const names = request.topics ?? broker.log.topicNames();
  return names.map((name) => {
    const errorCode = broker.resolveTopic(name, request.allowAutoTopicCreation);
    const partitionCount = errorCode === ErrorCode.None ? (broker.log.partitions(name)?.length ?? 0) : 0;
    return { errorCode, name, partitionCount };
  });
}

function encodeResponse(broker: BrokerState, topics: readonly TopicMetadata[]): ProtocolWriter {
  const self = [broker.nodeId];
  return new ProtocolWriter()
    .int32(0)
    .array([broker.nodeId], (w, nodeId) => w.int32(nodeId).string(broker.config.host).int32(broker.port).string(null))
    .string(broker.clusterId)
    .int32(broker.nodeId)
    .array(topics, (w, topic) =>
      w
        .int16(topic.errorCode)
        .string(topic.name)
        .boolean(false)
        .array(partitionIndexes(topic.partitionCount), (pw, partition) =>
          pw
            .int16(ErrorCode.None)
            .int32(partition)
            .int32(broker.nodeId)
            .int32Array(self)
            .int32Array(self)
            .int32Array([]),
        ),
    );
}

function partitionIndexes(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}

export const metadataHandler: ApiHandler = {
  apiKey: ApiKey.Metadata,
  name: 'Metadata',
  minVersion: 6,
  maxVersion: 6,
  handle: ({ body, broker }) => encodeResponse(broker, describeTopics(broker, decodeRequest(body))),
};
