/**
 * Everything a request handler may read or change: the node's identity, its configuration,
 * the topic log, the group coordinator and the idempotent-producer registry.
 */
import { GroupCoordinator } from './group-coordinator';
import { isValidTopicName, TopicLog } from './log';
import { ErrorCode } from './protocol/errors';
import { ProducerStateRegistry } from './producer-state';

export interface BrokerConfig {
  readonly host: string;
  readonly defaultPartitions: number;
  readonly autoCreateTopics: boolean;
}

export class BrokerState {
  /** The single node: leader of every partition, controller and coordinator of every group. */
  readonly nodeId = 0;
  readonly clusterId = 'kafka-test-broker';
  readonly log = new TopicLog();
  readonly groups = new GroupCoordinator();
  readonly producers = new ProducerStateRegistry();
  /** Bound port, known once the listener has started. */
  port = 0;

  constructor(readonly config: BrokerConfig) {}

  /**
   * Resolves a topic a client wants to use (Metadata with auto-creation allowed, Produce),
   * creating it with the default partition count when auto-creation is enabled.
   */
  resolveTopic(name: string, allowAutoCreate: boolean): ErrorCode {
    if (this.log.hasTopic(name)) return ErrorCode.None;
    if (!isValidTopicName(name)) return ErrorCode.InvalidTopic;
    if (!allowAutoCreate || !this.config.autoCreateTopics) return ErrorCode.UnknownTopicOrPartition;
    this.log.createTopic(name, this.config.defaultPartitions);
    return ErrorCode.None;
  }
}
