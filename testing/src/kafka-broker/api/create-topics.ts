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

type Plan =
  | { readonly ok: true; readonly partitionCount: number }
  | { readonly ok: false; readonly errorCode: ErrorCode; readonly errorMessage: string };

function rejected(errorCode: ErrorCode, errorMessage: string): Plan {
  return { ok: false, errorCode, errorMessage };
}

/** Every partition 0..n-1 listed once, each on this node only. */
function isValidAssignment(broker: BrokerState, assignments: TopicToCreate['assignments']): boolean {
  const partitions = new Set(assignments.map((assignment) => assignment.partition));
  return (
    partitions.size === assignments.length &&
    assignments.every(
      ({ partition, brokerIds }) =>
        partition >= 0 && partition < assignments.length && brokerIds.length === 1 && brokerIds[0] === broker.nodeId,
    )
  );
}

/** Validates one topic against the single-node cluster and decides its partition count. */
function plan(broker: BrokerState, topic: TopicToCreate): Plan {
  const { name, numPartitions, replicationFactor, assignments } = topic;
  if (!isValidTopicName(name)) return rejected(ErrorCode.InvalidTopic, `Invalid topic name '${name}'`);
  if (broker.log.hasTopic(name)) return rejected(ErrorCode.TopicAlreadyExists, `Topic '${name}' already exists.`);
  if (assignments.length > 0) {
    return isValidAssignment(broker, assignments)
      ? { ok: true, partitionCount: assignments.length }
      : rejected(ErrorCode.InvalidReplicaAssignment, `Each partition must be assigned to node ${broker.nodeId} only`);
  }
  if (replicationFactor !== BROKER_DEFAULT && replicationFactor !== 1) {
    return rejected(
      ErrorCode.InvalidReplicationFactor,
      `Replication factor ${replicationFactor} is larger than the 1 available broker`,
    );
  }
  if (numPartitions === BROKER_DEFAULT) return { ok: true, partitionCount: broker.config.defaultPartitions };
  if (numPartitions <= 0) return rejected(ErrorCode.InvalidPartitions, 'Number of partitions must be larger than 0');
  return { ok: true, partitionCount: numPartitions };
}

function createTopics(broker: BrokerState, request: CreateTopicsRequest): TopicResult[] {
  return request.topics.map((topic) => {
    const { name } = topic;
    const decision = plan(broker, topic);
    if (!decision.ok) return { name, errorCode: decision.errorCode, errorMessage: decision.errorMessage };
    if (!request.validateOnly) broker.log.createTopic(name, decision.partitionCount);
    return { name, errorCode: ErrorCode.None, errorMessage: null };
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
