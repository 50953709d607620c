import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startKafkaTestBroker } from './kafka-test-broker';
import type { KafkaTestBroker } from './kafka-test-broker';
import { ApiKey } from './protocol/api-keys';
import { ErrorCode } from './protocol/errors';
import { FrameDecoder } from './protocol/frame';
import { ProtocolReader } from './protocol/reader';
import { encodeRecordBatch } from './protocol/record-batch';
import { ProtocolWriter } from './protocol/writer';

/** A bare protocol client: one request at a time, no version negotiation. */
class RawClient {
  private readonly frames = new FrameDecoder();
  private readonly received: Buffer[] = [];
  private waiting: (() => void) | null = null;
  private correlationId = 0;
  closed = false;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received.push(...this.frames.push(chunk));
      this.waiting?.();
    });
    socket.on('close', () => {
      this.closed = true;
      this.waiting?.();
    });
  }

  static open(broker: KafkaTestBroker): Promise<RawClient> {
    const [host, port] = (broker.brokers[0] ?? '').split(':');
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port: Number(port) }, () => resolve(new RawClient(socket)));
      socket.once('error', reject);
    });
  }

  /** Sends a request and returns the response body (after the correlation id), or null if the broker hung up. */
  async request(apiKey: number, apiVersion: number, body: ProtocolWriter): Promise<ProtocolReader | null> {
    const correlationId = ++this.correlationId;
    const payload = new ProtocolWriter()
      .int16(apiKey)
      .int16(apiVersion)
      .int32(correlationId)
      .string('raw-client')
      .raw(body.toBuffer())
      .toBuffer();
    this.socket.write(new ProtocolWriter().int32(payload.length).raw(payload).toBuffer());
    while (this.received.length === 0 && !this.closed) {
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
    const frame = this.received.shift();
    if (frame === undefined) return null;
    const reader = new ProtocolReader(frame);
    expect(reader.int32()).toBe(correlationId);
    return reader;
  }

  close(): void {
    this.socket.destroy();
  }
}

const cleanups: Array<() => unknown> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

async function openClient(): Promise<{ broker: KafkaTestBroker; client: RawClient }> {
  const broker = await startKafkaTestBroker();
  cleanups.push(() => broker.stop());
  const client = await RawClient.open(broker);
  cleanups.push(() => client.close());
  return { broker, client };
}

function readApiVersions(reader: ProtocolReader): {
  errorCode: number;
  versions: Record<number, [number, number]>;
} {
  const errorCode = reader.int16();
  const versions: Record<number, [number, number]> = {};
  for (const [apiKey, min, max] of reader.array((r) => [r.int16(), r.int16(), r.int16()] as const)) {
    versions[apiKey] = [min, max];
  }
  return { errorCode, versions };
}

describe('Kafka test broker, on the wire', () => {
  it('advertises exactly the API versions kafkajs 2.2.x negotiates', async () => {
    const { client } = await openClient();
    const response = await client.request(ApiKey.ApiVersions, 2, new ProtocolWriter());
    expect(response).not.toBeNull();
    const { errorCode, versions } = readApiVersions(response as ProtocolReader);
    expect(errorCode).toBe(ErrorCode.None);
    expect(versions).toEqual({
      [ApiKey.Produce]: [7, 7],
      [ApiKey.Fetch]: [11, 11],
      [ApiKey.ListOffsets]: [3, 3],
      [ApiKey.Metadata]: [6, 6],
      [ApiKey.OffsetCommit]: [5, 5],
      [ApiKey.OffsetFetch]: [4, 4],
      [ApiKey.FindCoordinator]: [2, 2],
      [ApiKey.JoinGroup]: [5, 5],
      [ApiKey.Heartbeat]: [3, 3],
      [ApiKey.LeaveGroup]: [3, 3],
      [ApiKey.SyncGroup]: [3, 3],
      [ApiKey.ApiVersions]: [0, 2],
      [ApiKey.CreateTopics]: [3, 3],
      [ApiKey.InitProducerId]: [1, 1],
    });
    expect(response?.int32()).toBe(0); // throttle_time_ms
  });

  it('answers an ApiVersions version it does not know with UNSUPPORTED_VERSION in the v0 layout', async () => {
    const { client } = await openClient();
    const response = await client.request(ApiKey.ApiVersions, 3, new ProtocolWriter());
    const { errorCode, versions } = readApiVersions(response as ProtocolReader);
    expect(errorCode).toBe(ErrorCode.UnsupportedVersion);
    expect(versions[ApiKey.Produce]).toEqual([7, 7]);
    expect(response?.remaining).toBe(0);
  });

  it('closes the connection on an API version it does not serve, as Kafka does', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client } = await openClient();
    expect(await client.request(ApiKey.Metadata, 1, new ProtocolWriter().int32(-1))).toBeNull();
    expect(client.closed).toBe(true);
    expect(errors).toHaveBeenCalledOnce();
  });

  it('rejects a record batch whose CRC does not match with CORRUPT_MESSAGE', async () => {
    const { broker, client } = await openClient();
    const batch = encodeRecordBatch({
      baseTimestamp: 0n,
      records: [{ timestampDelta: 0n, key: null, value: Buffer.from('v'), headers: [] }],
    });
    const corrupted = Buffer.from(batch);
    corrupted.writeUInt8(corrupted.readUInt8(corrupted.length - 1) ^ 0xff, corrupted.length - 1);

    const produce = (records: Buffer) =>
      client.request(
        ApiKey.Produce,
        7,
        new ProtocolWriter()
          .string(null)
          .int16(1)
          .int32(1_000)
          .array(['wire'], (w, topic) =>
            w.string(topic).array([0], (pw, partition) => pw.int32(partition).bytes(records)),
          ),
      );
    const readPartitionResult = (reader: ProtocolReader | null) => {
      const [topic] = (reader as ProtocolReader).array((r) => ({
        name: r.string(),
        partitions: r.array((pr) => ({
          partition: pr.int32(),
          errorCode: pr.int16(),
          baseOffset: pr.int64(),
        })),
      }));
      return topic?.partitions[0];
    };

    expect(readPartitionResult(await produce(corrupted))).toEqual({
      partition: 0,
      errorCode: ErrorCode.CorruptMessage,
      baseOffset: -1n,
    });
    expect(readPartitionResult(await produce(batch))).toEqual({
      partition: 0,
      errorCode: ErrorCode.None,
      baseOffset: 0n,
    });
    expect(broker.topicMessages('wire').map((message) => message.value?.toString())).toEqual(['v']);
  });
});
