/** Kafka API keys served by the test broker (https://kafka.apache.org/protocol#protocol_api_keys). */
export const ApiKey = {
  Produce: 0,
  Fetch: 1,
  ListOffsets: 2,
  Metadata: 3,
  OffsetCommit: 8,
  OffsetFetch: 9,
  FindCoordinator: 10,
  JoinGroup: 11,
  Heartbeat: 12,
  LeaveGroup: 13,
  SyncGroup: 14,
  ApiVersions: 18,
  CreateTopics: 19,
  InitProducerId: 22,
} as const;

export type ApiKey = (typeof ApiKey)[keyof typeof ApiKey];
