/**
 * Fetch v11, without incremental fetch sessions (KIP-227): every request is a full fetch and
 * the response carries session_id 0, which clients treat as "no session".
 *
 *   Request  => replica_id:int32 max_wait_ms:int32 min_bytes:int32 max_bytes:int32 isolation_level:int8
 *               session_id:int32 session_epoch:int32
 *               [topics: topic:STRING [partitions: partition:int32 current_leader_epoch:int32
 *                 fetch_offset:int64 log_start_offset:int64 partition_max_bytes:int32]]
 *               [forgotten_topics_data: topic:STRING [partitions:int32]] rack_id:STRING
 *   Response => throttle_time_ms:int32 error_code:int16 session_id:int32
 *               [responses: topic:STRING [partitions: partition_index:int32 error_code:int16
 *                 high_watermark:int64 last_stable_offset:int64 log_start_offset:int64
 *                 [aborted_transactions: producer_id:int64 first_offset:int64]
 *                 preferred_read_replica:int32 records:RECORDS]]
 *
 * Long poll: the answer is sent as soon as min_bytes are available, a partition has an error,
 * or max_wait_ms has elapsed, whichever comes first.
 */
import type { BrokerState } from '../broker-state';
import type { TopicLog } from '../log';
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/errors';
import type { ProtocolReader } from '../protocol/reader';
import { ProtocolWriter } from '../protocol/writer';
import type { ApiHandler } from './handler';

const NO_SESSION = 0;
const NO_PREFERRED_READ_REPLICA = -1;
const UNKNOWN_OFFSET = -1n;

interface PartitionFetch {
  readonly partition: number;
  readonly fetchOffset: bigint;
  readonly maxBytes: number;
}

interface TopicFetch {
  readonly topic: string;
  readonly partitions: readonly PartitionFetch[];
}

interface FetchRequest {
  readonly maxWaitMs: number;
  readonly minBytes: number;
  readonly maxBytes: number;
  readonly sessionId: number;
  readonly topics: readonly TopicFetch[];
}

interface PartitionData {
  readonly partition: number;
  readonly errorCode: ErrorCode;
  readonly highWatermark: bigint;
  readonly logStartOffset: bigint;
  readonly batches: readonly Buffer[];
}

interface TopicData {
  readonly topic: string;
  readonly partitions: readonly PartitionData[];
}

interface FetchResult {
  readonly topics: readonly TopicData[];
  readonly bytes: number;
  readonly hasPartitionError: boolean;
}

function decodeRequest(reader: ProtocolReader): FetchRequest {
  reader.int32(); // replica_id: always a consumer here
  const maxWaitMs = reader.int32();
  const minBytes = reader.int32();
  const maxBytes = reader.int32();
  reader.int8(); // isolation_level: no transactions, so last stable offset = high watermark
  const sessionId = reader.int32();
  reader.int32(); // session_epoch
  const topics = reader.array((r) => ({
    topic: r.string(),
    partitions: r.array((pr) => {
      const partition = pr.int32();
      pr.int32(); // current_leader_epoch
      const fetchOffset = pr.int64();
      pr.int64(); // log_start_offset: only used by followers
      return { partition, fetchOffset, maxBytes: pr.int32() };
    }),
  }));
  reader.array((r) => [r.string(), r.array((pr) => pr.int32())]); // forgotten_topics_data
  reader.string(); // rack_id
  return { maxWaitMs, minBytes, maxBytes, sessionId, topics };
}

function readPartitions(log: TopicLog, request: FetchRequest): FetchResult {
  let bytes = 0;
  let hasPartitionError = false;
  const topics: TopicData[] = [];
  for (const { topic, partitions } of request.topics) {
    const results: PartitionData[] = [];
    for (const fetch of partitions) {
      const budget = Math.max(0, Math.min(fetch.maxBytes, request.maxBytes - bytes));
      const data = readPartition(log, topic, fetch, budget, bytes === 0);
      bytes += sizeOf(data.batches);
      hasPartitionError ||= data.errorCode !== ErrorCode.None;
      results.push(data);
    }
    topics.push({ topic, partitions: results });
  }
  return { topics, bytes, hasPartitionError };
}

/** One partition's data; the first data of a response may exceed the budget (KIP-74). */
function readPartition(
  log: TopicLog,
  topic: string,
  fetch: PartitionFetch,
  budget: number,
  isFirstData: boolean,
): PartitionData {
  const partitionLog = log.partition(topic, fetch.partition);
  if (partitionLog === undefined) return emptyPartition(fetch.partition, ErrorCode.UnknownTopicOrPartition);
  const { highWatermark, logStartOffset } = partitionLog;
  if (fetch.fetchOffset < logStartOffset || fetch.fetchOffset > highWatermark) {
    return { ...emptyPartition(fetch.partition, ErrorCode.OffsetOutOfRange), highWatermark, logStartOffset };
  }
  const batches = partitionLog.read(fetch.fetchOffset, budget, isFirstData);
  return { partition: fetch.partition, errorCode: ErrorCode.None, highWatermark, logStartOffset, batches };
}

function sizeOf(batches: readonly Buffer[]): number {
  return batches.reduce((sum, batch) => sum + batch.length, 0);
}

function emptyPartition(partition: number, errorCode: ErrorCode): PartitionData {
  return { partition, errorCode, highWatermark: UNKNOWN_OFFSET, logStartOffset: UNKNOWN_OFFSET, batches: [] };
}

function partitionKey(topic: string, partition: number): string {
  return `${topic}\u0000${partition}`;
}

/** Resolves on the next append to one of `topics`' requested partitions, after `timeoutMs`, or on abort. */
function waitForAppend(
  log: TopicLog,
  topics: readonly TopicFetch[],
  timeoutMs: number,
  signal: AbortSignal,
): Promise<void> {
  const watched = new Set(
    topics.flatMap(({ topic, partitions }) => partitions.map((p) => partitionKey(topic, p.partition))),
  );
  return new Promise((resolve) => {
    const finish = (): void => {
      clearTimeout(timer);
      unsubscribe();
      signal.removeEventListener('abort', finish);
      resolve();
    };
    const timer = setTimeout(finish, timeoutMs);
    const unsubscribe = log.onAppend((topic, partition) => {
      if (watched.has(partitionKey(topic, partition))) finish();
    });
    signal.addEventListener('abort', finish);
  });
}

async function longPoll(broker: BrokerState, request: FetchRequest, signal: AbortSignal): Promise<FetchResult> {
  const deadline = Date.now() + request.maxWaitMs;
  let result = readPartitions(broker.log, request);
  while (result.bytes < request.minBytes && !result.hasPartitionError && !signal.aborted) {
    const remainingMs = deadline - Date.now();
    if (remainingMs <= 0) break;
    await waitForAppend(broker.log, request.topics, remainingMs, signal);
    result = readPartitions(broker.log, request);
  }
  return result;
}

function encodeResponse(errorCode: ErrorCode, topics: readonly TopicData[]): ProtocolWriter {
  return new ProtocolWriter()
    .int32(0)
    .int16(errorCode)
    .int32(NO_SESSION)
    .array(topics, (w, { topic, partitions }) =>
      w.string(topic).array(partitions, (pw, p) => {
        pw.int32(p.partition)
          .int16(p.errorCode)
          .int64(p.highWatermark)
          .int64(p.highWatermark)
          .int64(p.logStartOffset)
          .int32(0) // aborted_transactions: none, transactions are not served
          .int32(NO_PREFERRED_READ_REPLICA)
          .int32(sizeOf(p.batches));
        for (const batch of p.batches) pw.raw(batch);
      }),
    );
}

export const fetchHandler: ApiHandler = {
  apiKey: ApiKey.Fetch,
  name: 'Fetch',
  minVersion: 11,
  maxVersion: 11,
  handle: async ({ body, broker, signal }) => {
    const request = decodeRequest(body);
    if (request.sessionId !== NO_SESSION) return encodeResponse(ErrorCode.FetchSessionIdNotFound, []);
    const result = await longPoll(broker, request, signal);
    return encodeResponse(ErrorCode.None, result.topics);
  },
};
