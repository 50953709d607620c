/**
 * Group coordinator of the single test broker: owns every consumer group's membership state
 * machine and the committed offsets (Kafka keeps them in __consumer_offsets; here they live in
 * memory for the lifetime of the broker, so they survive pause()/resume()).
 */
import { ConsumerGroup } from './consumer-group';
import { ErrorCode } from './protocol/errors';

export interface CommittedOffset {
  readonly offset: bigint;
  readonly metadata: string | null;
}

export interface OffsetToCommit extends CommittedOffset {
  readonly topic: string;
  readonly partition: number;
}

export interface TopicPartitions {
  readonly topic: string;
  readonly partitions: readonly number[];
}

export interface FetchedOffset extends CommittedOffset {
  readonly topic: string;
  readonly partition: number;
}

/** Offset reported by OffsetFetch for a partition without a committed offset. */
export const NO_COMMITTED_OFFSET = -1n;

export class GroupCoordinator {
  private readonly groups = new Map<string, ConsumerGroup>();
  /** groupId -> "topic" -> partition -> committed offset */
  private readonly committed = new Map<string, Map<string, Map<number, CommittedOffset>>>();

  /** The group with this id, created empty on first use as Kafka does. */
  group(groupId: string): ConsumerGroup {
    let group = this.groups.get(groupId);
    if (group === undefined) {
      group = new ConsumerGroup(groupId);
      this.groups.set(groupId, group);
    }
    return group;
  }

  /** Group-level validation of an OffsetCommit; on success the offsets are stored. */
  commitOffsets(
    groupId: string,
    memberId: string,
    generationId: number,
    offsets: readonly OffsetToCommit[],
  ): ErrorCode {
    const errorCode = this.group(groupId).validateOffsetCommit(memberId, generationId);
    if (errorCode !== ErrorCode.None) return errorCode;
    const byTopic = this.committedOffsetsOf(groupId);
    for (const { topic, partition, offset, metadata } of offsets) {
      let partitions = byTopic.get(topic);
      if (partitions === undefined) {
        partitions = new Map();
        byTopic.set(topic, partitions);
      }
      partitions.set(partition, { offset, metadata });
    }
    return ErrorCode.None;
  }

  /** Committed offsets for the requested partitions, or for everything committed when `topics` is null. */
  fetchOffsets(groupId: string, topics: readonly TopicPartitions[] | null): FetchedOffset[] {
    const byTopic = this.committedOffsetsOf(groupId);
    const requested =
      topics ?? [...byTopic].map(([topic, partitions]) => ({ topic, partitions: [...partitions.keys()] }));
    return requested.flatMap(({ topic, partitions }) =>
      partitions.map((partition) => {
        const committed = byTopic.get(topic)?.get(partition);
        return {
          topic,
          partition,
          offset: committed?.offset ?? NO_COMMITTED_OFFSET,
          metadata: committed?.metadata ?? null,
        };
      }),
    );
  }

  shutdown(): void {
    for (const group of this.groups.values()) group.shutdown();
  }

  private committedOffsetsOf(groupId: string): Map<string, Map<number, CommittedOffset>> {
    let byTopic = this.committed.get(groupId);
    if (byTopic === undefined) {
      byTopic = new Map();
      this.committed.set(groupId, byTopic);
    }
    return byTopic;
  }
}
