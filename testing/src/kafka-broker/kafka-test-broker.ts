/**
 * A Kafka wire-protocol broker for tests: a single in-memory node (id 0) that kafkajs 2.2.x can
 * produce to and consume from with consumer groups. A test fixture only, never a runtime choice.
 */
import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { BrokerState } from './broker-state';
import { ClientConnection } from './connection';

const HOST = '127.0.0.1';
const DEFAULT_PARTITIONS = 3;

export interface KafkaTestBrokerOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  readonly port?: number;
  /** Partition count of auto-created topics and of CreateTopics with num_partitions -1. Default 3. */
  readonly defaultPartitions?: number;
  /** Create unknown topics on Metadata (when the client allows it) and Produce. Default true. */
  readonly autoCreateTopics?: boolean;
}

export interface TopicMessage {
  readonly partition: number;
  readonly offset: bigint;
  readonly key: Buffer | null;
  readonly value: Buffer | null;
  /** Record headers; with repeated keys the last value wins, null values are left out. */
  readonly headers: Record<string, Buffer>;
}

export interface KafkaTestBroker {
  /** Bootstrap list for clients: ['127.0.0.1:PORT']. */
  readonly brokers: string[];
  /** Closes the listener and every connection for good. */
  stop(): Promise<void>;
  /** Simulates the broker going down: closes the listener and all connections, keeps all data. */
  pause(): Promise<void>;
  /** Listens again on the same port after {@link pause}. */
  resume(): Promise<void>;
  /** Every record of `topic`, by partition then offset. */
  topicMessages(topic: string): TopicMessage[];
}

class TestBrokerServer implements KafkaTestBroker {
  private server: Server | null = null;
  private readonly connections = new Set<ClientConnection>();
  private stopped = false;

  constructor(private readonly state: BrokerState) {}

  get brokers(): string[] {
    return [`${this.state.config.host}:${this.state.port}`];
  }

  async listen(port: number): Promise<void> {
    const server = createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.state.config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('expected a TCP listener');
    this.state.port = address.port;
    this.server = server;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.closeListener();
    this.state.groups.shutdown();
  }

  async pause(): Promise<void> {
    await this.closeListener();
  }

  async resume(): Promise<void> {
    if (this.stopped) throw new Error('the broker has been stopped');
    if (this.server !== null) return;
    await this.listen(this.state.port);
  }

  topicMessages(topic: string): TopicMessage[] {
    const partitions = this.state.log.partitions(topic) ?? [];
    return partitions.flatMap((log, partition) =>
      log.records().map((record) => {
        const headers: Record<string, Buffer> = {};
        for (const header of record.headers) {
          if (header.value !== null) headers[header.key] = header.value;
        }
        return { partition, offset: record.offset, key: record.key, value: record.value, headers };
      }),
    );
  }

  private accept(socket: Socket): void {
    const connection = new ClientConnection(socket, this.state, (error) => {
      console.error('[kafka-test-broker] closing connection after error:', error);
    });
    this.connections.add(connection);
    socket.on('close', () => this.connections.delete(connection));
  }

  private async closeListener(): Promise<void> {
    const server = this.server;
    if (server === null) return;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const connection of this.connections) connection.close();
    this.connections.clear();
    await closed;
  }
}

export async function startKafkaTestBroker(options: KafkaTestBrokerOptions = {}): Promise<KafkaTestBroker> {
  const defaultPartitions = options.defaultPartitions ?? DEFAULT_PARTITIONS;
  if (!Number.isInteger(defaultPartitions) || defaultPartitions < 1) {
    throw new RangeError(`defaultPartitions must be a positive integer, got ${defaultPartitions}`);
  }
  const state = new BrokerState({
    host: HOST,
    defaultPartitions,
    autoCreateTopics: options.autoCreateTopics ?? true,
  });
  const broker = new TestBrokerServer(state);
  await broker.listen(options.port ?? 0);
  return broker;
}
