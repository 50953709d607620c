/**
 * Kafka protocol error codes used by the test broker.
 * Values are the wire codes from the Kafka protocol guide (https://kafka.apache.org/protocol#protocol_error_codes).
 */
export const ErrorCode = {
  None: 0,
  OffsetOutOfRange: 1,
  CorruptMessage: 2,
  UnknownTopicOrPartition: 3,
  InvalidTopic: 17,
  InvalidRequiredAcks: 21,
  IllegalGeneration: 22,
  InconsistentGroupProtocol: 23,
  InvalidGroupId: 24,
  UnknownMemberId: 25,
  InvalidSessionTimeout: 26,
  RebalanceInProgress: 27,
  UnsupportedVersion: 35,
  TopicAlreadyExists: 36,
  InvalidPartitions: 37,
  InvalidReplicationFactor: 38,
  InvalidReplicaAssignment: 39,
  InvalidRequest: 42,
  UnsupportedForMessageFormat: 43,
  OutOfOrderSequenceNumber: 45,
  InvalidProducerEpoch: 47,
  UnknownProducerId: 59,
  FetchSessionIdNotFound: 70,
  UnsupportedCompressionType: 76,
  MemberIdRequired: 79,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Thrown by the codec when a request frame is truncated or otherwise malformed. */
export class ProtocolDecodeError extends Error {
  override readonly name = 'ProtocolDecodeError';
}

/** A record batch that cannot be accepted, with the Kafka error code to report for it. */
export class RecordBatchError extends Error {
  override readonly name = 'RecordBatchError';

  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}
