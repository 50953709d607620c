/**
 * CreateTopics v3.
 *
 *   Request  => [topics: name:STRING num_partitions:int32 replication_factor:int16
 *                 [assignments: partition_index:int32 [broker_ids:int32]]
 *                 [configs: name:STRING value:NULLABLE_STRING]]
 *               timeout_ms:int32 validate_only:BOOLEAN
 *   Response => throttle_time_ms:int32 [topics: name:STRING error_code:int16 error_message:NULLABLE_STRING]
 */
import type { BrokerState } from '../broker-state';
import { isValidTopicName } from '../log';
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/errors';
import type { ProtocolReader } from '../protocol/reader';
import { ProtocolWriter } from '../protocol/writer';
import type { ApiHandler } from './handler';

/** -1 asks the broker for its default (num.partitions / default.replication.factor). */
const BROKER_DEFAULT = -1;

interface TopicToCreate {
  readonly name: string;
  readonly numPartitions: number;
  readonly replicationFactor: number;
  readonly assignments: ReadonlyArray<{ readonly partition: number; readonly brokerIds: readonly number[] }>;
}

interface CreateTopicsRequest {
  readonly topics: readonly TopicToCreate[];
  readonly validateOnly: boolean;
}

interface TopicResult {
  readonly name: string;
  readonly errorCode: ErrorCode;
  readonly errorMessage: string | null;
}

function decodeRequest(reader: ProtocolReader): CreateTopicsRequest {
  const topics = reader.array((r) => {
    const topic: TopicToCreate = {
      name: r.string(),
      numPartitions: r.int32(),
      replicationFactor: r.int16(),
      assignments: r.array((ar) => ({ partition: ar.int32(), brokerIds: ar.array((br) => br.int32()) })),
    };
    r.array((cr) => [cr.string(), cr.nullableString()]); // topic configs are accepted and ignored
    return topic;
  });
  reader.int32(); // timeout_ms: creation is synchronous
  return { topics, validateOnly: reader.boolean() };
}

function failure(name: string, errorCode: ErrorCode, errorMessage: string): TopicResult {
  return { name, errorCode, errorMessage };
}

/** Validates one topic and returns its partition count, or the failure to report. */
function plan(broker: BrokerState, topic: TopicToCreate): number | TopicResult {
  const { name, numPartitions, replicationFactor, assignments } = topic;
  if (!isValidTopicName(name)) return failure(name, ErrorCode.InvalidTopic, `Invalid topic name '${name}'`);
  if (broker.log.hasTopic(name)) {
    return failure(name, ErrorCode.TopicAlreadyExists, `Topic '${name}' already exists.`);
  }
  if (assignments.length > 0) {
    const valid =
      assignments.every(({ partition, brokerIds }) => brokerIds.length === 1 && brokerIds[0] === broker.nodeId && partition < assignments.length) &&
      new Set(assignments.map((a) => a.partition)).size === assignments.length;
    return valid
      ? assignments.length
      : failure(name, ErrorCode.InvalidReplicaAssignment, `Replica assignment must place each partition on node ${broker.nodeId} only`);
  }
  if (replicationFactor !== BROKER_DEFAULT && replicationFactor !== 1) {
    return failure(name, ErrorCode.InvalidReplicationFactor, `Replication factor ${replicationFactor} is larger than the 1 available broker`);
  }
  if (numPartitions === BROKER_DEFAULT) return broker.config.defaultPartitions;
  if (numPartitions <= 0) return failure(name, ErrorCode.InvalidPartitions, 'Number of partitions must be larger than 0');
  return numPartitions;
}

function createTopics(broker: BrokerState, request: CreateTopicsRequest): TopicResult[] {
  return request.topics.map((topic) => {
    const planned = plan(broker, topic);
    if (typeof planned !== 'number') return planned;
    if (!request.validateOnly) broker.log.createTopic(topic.name, planned);
    return { name: topic.name, errorCode: ErrorCode.None, errorMessage: null };
  });
}

function encodeResponse(results: readonly TopicResult[]): ProtocolWriter {
  return new ProtocolWriter()
    .int32(0)
    .array(results, (w, result) => w.string(result.name).int16(result.errorCode).string(result.errorMessage));
}

export const createTopicsHandler: ApiHandler = {
  apiKey: ApiKey.CreateTopics,
  name: 'CreateTopics',
  minVersion: 3,
  maxVersion: 3,
  handle: ({ body, broker }) => encodeResponse(createTopics(broker, decodeRequest(body))),
};
