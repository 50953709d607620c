import { connect } from 'node:net';
import { CompressionTypes, Kafka, logLevel, Partitioners } from 'kafkajs';
import type { Consumer, ConsumerConfig, EachMessagePayload, KafkaConfig, Producer } from 'kafkajs';
import { afterEach, describe, expect, it } from 'vitest';
import { startKafkaTestBroker } from './kafka-test-broker';
import type { KafkaTestBroker, KafkaTestBrokerOptions } from './kafka-test-broker';

interface Received {
  readonly partition: number;
  readonly offset: string;
  readonly key: string | null;
  readonly value: string;
  readonly headers: Record<string, string>;
}

/** Consumer settings that keep rebalances and long polls short. */
const FAST_CONSUMER = {
  sessionTimeout: 6_000,
  rebalanceTimeout: 3_000,
  heartbeatInterval: 100,
  maxWaitTimeInMs: 100,
} as const;

const cleanups: Array<() => Promise<unknown>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function startBroker(options?: KafkaTestBrokerOptions): Promise<KafkaTestBroker> {
  const broker = await startKafkaTestBroker(options);
  cleanups.push(() => broker.stop());
  return broker;
}

function kafkaFor(broker: KafkaTestBroker, config: Partial<KafkaConfig> = {}): Kafka {
  return new Kafka({
    clientId: 'kafka-test-broker-test',
    brokers: broker.brokers,
    logLevel: logLevel.NOTHING,
    retry: { initialRetryTime: 50, maxRetryTime: 500, retries: 10 },
    ...config,
  });
}

async function connectedProducer(kafka: Kafka, options: Parameters<Kafka['producer']>[0] = {}): Promise<Producer> {
  const producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner, ...options });
  await producer.connect();
  cleanups.push(() => producer.disconnect());
  return producer;
}

interface RunningConsumer {
  readonly consumer: Consumer;
  readonly received: Received[];
  /** Partitions of `topic` assigned at the consumer's latest group join. */
  readonly assigned: () => number[];
}

/** Starts a group consumer on `topic` (from the beginning) that collects what it receives. */
async function runConsumer(
  kafka: Kafka,
  groupId: string,
  topic: string,
  overrides: Partial<ConsumerConfig> = {},
): Promise<RunningConsumer> {
  const consumer = kafka.consumer({ groupId, ...FAST_CONSUMER, ...overrides });
  const received: Received[] = [];
  let assignment: number[] = [];
  consumer.on(consumer.events.GROUP_JOIN, (event) => {
    assignment = [...(event.payload.memberAssignment[topic] ?? [])].sort();
  });
  await consumer.connect();
  cleanups.push(() => consumer.disconnect());
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ partition, message }: EachMessagePayload) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(message.headers ?? {})) headers[name] = String(value);
      received.push({
        partition,
        offset: message.offset,
        key: message.key?.toString() ?? null,
        value: message.value?.toString() ?? '',
        headers,
      });
    },
  });
  return { consumer, received, assigned: () => assignment };
}

async function waitFor(description: string, condition: () => boolean, timeoutMs = 8_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${description}`);
    await sleep(20);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function values(received: readonly Received[]): string[] {
  return received.map((message) => message.value);
}

function duplicatesIn(items: readonly string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item) ? true : (seen.add(item), false)));
}

function messagesNumbered(prefix: string, from: number, count: number): Array<{ key: string; value: string }> {
  return Array.from({ length: count }, (_, i) => ({
    key: `key-${(from + i) % 17}`,
    value: `${prefix}-${from + i}`,
  }));
}

describe('Kafka test broker, through kafkajs', () => {
  it('delivers 1,000 keyed messages with headers to a consumer group, in order per key', async () => {
    const broker = await startBroker();
    const kafka = kafkaFor(broker);
    const topic = 'orders';
    const producer = await connectedProducer(kafka);
    for (let chunk = 0; chunk < 10; chunk++) {
      await producer.send({
        topic,
        messages: Array.from({ length: 100 }, (_, i) => {
          const seq = chunk * 100 + i;
          return {
            key: `customer-${seq % 25}`,
            value: `order-${seq}`,
            headers: { 'trace-id': `trace-${seq}`, source: 'test' },
          };
        }),
      });
    }

    const { received } = await runConsumer(kafka, 'orders-group', topic);
    await waitFor('1,000 messages', () => received.length >= 1_000);
    await sleep(200);

    expect(received).toHaveLength(1_000);
    expect(duplicatesIn(values(received))).toEqual([]);
    for (const message of received) {
      const seq = Number(message.value.slice('order-'.length));
      expect(message.key).toBe(`customer-${seq % 25}`);
      expect(message.headers).toEqual({ 'trace-id': `trace-${seq}`, source: 'test' });
    }
    const sequencesByKey = new Map<string, number[]>();
    for (const message of received) {
      const sequences = sequencesByKey.get(message.key ?? '') ?? [];
      sequences.push(Number(message.value.slice('order-'.length)));
      sequencesByKey.set(message.key ?? '', sequences);
    }
    expect(sequencesByKey.size).toBe(25);
    for (const sequences of sequencesByKey.values()) {
      expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    }

    // The partition is the client's choice: kafkajs' default partitioner (murmur2 of the key).
    const partitioner = Partitioners.DefaultPartitioner();
    const partitionMetadata = [0, 1, 2].map((partitionId) => ({
      partitionId,
      leader: 0,
      partitionErrorCode: 0,
      replicas: [0],
      isr: [0],
    }));
    const stored = broker.topicMessages(topic);
    expect(stored).toHaveLength(1_000);
    for (const message of stored) {
      expect(message.partition).toBe(
        partitioner({ topic, partitionMetadata, message: { key: message.key, value: message.value } }),
      );
      expect(message.headers['source']?.toString()).toBe('test');
    }
  });

  it('shares partitions between two consumers of a group and hands them over when one leaves', async () => {
    const broker = await startBroker();
    const kafka = kafkaFor(broker);
    const topic = 'shared';
    const admin = kafka.admin();
    await admin.connect();
    cleanups.push(() => admin.disconnect());
    await admin.createTopics({ topics: [{ topic, numPartitions: 4 }] });

    const first = await runConsumer(kafka, 'shared-group', topic);
    const second = await runConsumer(kafka, 'shared-group', topic);
    await waitFor('both consumers to own disjoint, non-empty partition sets', () => {
      const all = [...first.assigned(), ...second.assigned()];
      return first.assigned().length > 0 && second.assigned().length > 0 && new Set(all).size === 4 && all.length === 4;
    });

    const producer = await connectedProducer(kafka);
    await producer.send({ topic, messages: messagesNumbered('before', 0, 200) });
    await waitFor('200 messages across both consumers', () => first.received.length + second.received.length >= 200);
    await sleep(200);

    const before = [...values(first.received), ...values(second.received)];
    expect(before).toHaveLength(200);
    expect(duplicatesIn(before)).toEqual([]);
    expect(first.received.length).toBeGreaterThan(0);
    expect(second.received.length).toBeGreaterThan(0);
    const secondPartitions = new Set(second.received.map((message) => message.partition));
    expect(first.received.some((message) => secondPartitions.has(message.partition))).toBe(false);

    await second.consumer.disconnect();
    await waitFor('the remaining consumer to own all partitions', () => first.assigned().length === 4);
    const receivedBefore = first.received.length;
    await producer.send({ topic, messages: messagesNumbered('after', 0, 200) });
    await waitFor('200 more messages on the remaining consumer', () => first.received.length - receivedBefore >= 200);
    await sleep(200);

    const after = first.received.slice(receivedBefore);
    expect(after).toHaveLength(200);
    expect(duplicatesIn(values(after))).toEqual([]);
    expect(after.some((message) => secondPartitions.has(message.partition))).toBe(true);
  });

  it('resumes a group from its committed offsets without redelivering committed messages', async () => {
    const broker = await startBroker();
    const kafka = kafkaFor(broker);
    const topic = 'resumable';
    const groupId = 'resumable-group';
    const producer = await connectedProducer(kafka);
    await producer.send({ topic, messages: messagesNumbered('first', 0, 30) });

    const firstRun = await runConsumer(kafka, groupId, topic);
    await waitFor('the first 30 messages', () => firstRun.received.length >= 30);
    await firstRun.consumer.disconnect();

    const admin = kafka.admin();
    await admin.connect();
    cleanups.push(() => admin.disconnect());
    const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
    const committedTotal = (committed?.partitions ?? []).reduce((sum, { offset }) => sum + Number(offset), 0);
    expect(committedTotal).toBe(30);

    await producer.send({ topic, messages: messagesNumbered('second', 0, 20) });
    const secondRun = await runConsumer(kafka, groupId, topic);
    await waitFor('the 20 new messages', () => secondRun.received.length >= 20);
    await sleep(300);

    expect(firstRun.received).toHaveLength(30);
    expect(values(secondRun.received).sort()).toEqual(
      messagesNumbered('second', 0, 20)
        .map((m) => m.value)
        .sort(),
    );
  });

  it('keeps a retrying producer and a consumer going across pause() and resume()', async () => {
    const broker = await startBroker();
    const kafka = kafkaFor(broker, { retry: { initialRetryTime: 100, maxRetryTime: 300, retries: 30 } });
    const topic = 'resilient';
    const producer = await connectedProducer(kafka);
    await producer.send({ topic, messages: messagesNumbered('up', 0, 10) });
    const { received } = await runConsumer(kafka, 'resilient-group', topic);
    await waitFor('the messages sent before the outage', () => received.length >= 10);

    await broker.pause();
    const [host, port] = (broker.brokers[0] ?? '').split(':');
    await expect(canConnect(host ?? '', Number(port))).resolves.toBe(false);

    let delivered = false;
    const sending = producer.send({ topic, messages: messagesNumbered('down', 0, 10) }).then(() => {
      delivered = true;
    });
    await sleep(1_000);
    expect(delivered).toBe(false);
    expect(broker.topicMessages(topic)).toHaveLength(10);

    await broker.resume();
    expect(broker.brokers).toEqual([`${host}:${port}`]);
    await sending;
    expect(delivered).toBe(true);
    await waitFor(
      'the messages sent during the outage',
      () => values(received).filter((v) => v.startsWith('down-')).length >= 10,
      9_000,
    );
    // At-least-once: a retried send or a restarted fetch may deliver twice, but nothing is lost.
    const expected = [...messagesNumbered('up', 0, 10), ...messagesNumbered('down', 0, 10)].map((m) => m.value);
    expect([...new Set(values(received))].sort()).toEqual(expected.sort());
  });

  it('serves admin createTopics, listTopics and fetchTopicOffsets', async () => {
    const broker = await startBroker({ defaultPartitions: 2 });
    const kafka = kafkaFor(broker);
    const admin = kafka.admin();
    await admin.connect();
    cleanups.push(() => admin.disconnect());

    await expect(
      admin.createTopics({ topics: [{ topic: 'five', numPartitions: 5 }, { topic: 'default' }] }),
    ).resolves.toBe(true);
    await expect(admin.createTopics({ topics: [{ topic: 'five', numPartitions: 5 }] })).resolves.toBe(false);
    await expect(admin.createTopics({ topics: [{ topic: 'replicated', replicationFactor: 3 }] })).rejects.toThrow();
    expect((await admin.listTopics()).sort()).toEqual(['default', 'five']);

    const producer = await connectedProducer(kafka);
    await producer.send({
      topic: 'five',
      messages: Array.from({ length: 7 }, (_, i) => ({ value: `v${i}`, partition: 2 })),
    });
    await producer.send({ topic: 'five', messages: [{ value: 'x', partition: 4 }] });

    const offsets = await admin.fetchTopicOffsets('five');
    expect(offsets.sort((a, b) => a.partition - b.partition)).toEqual([
      { partition: 0, offset: '0', high: '0', low: '0' },
      { partition: 1, offset: '0', high: '0', low: '0' },
      { partition: 2, offset: '7', high: '7', low: '0' },
      { partition: 3, offset: '0', high: '0', low: '0' },
      { partition: 4, offset: '1', high: '1', low: '0' },
    ]);
    expect(await admin.fetchTopicOffsets('default')).toHaveLength(2);
  });

  it('accepts an idempotent producer (InitProducerId, sequence numbers)', async () => {
    const broker = await startBroker();
    const kafka = kafkaFor(broker);
    const topic = 'idempotent';
    const producer = await connectedProducer(kafka, { idempotent: true, maxInFlightRequests: 1 });
    for (let round = 0; round < 3; round++) {
      await producer.send({ topic, acks: -1, messages: messagesNumbered(`round${round}`, 0, 50) });
    }
    const other = await connectedProducer(kafka, { idempotent: true });
    await other.send({ topic, messages: messagesNumbered('other', 0, 5) });

    const stored = broker.topicMessages(topic).map((message) => message.value?.toString() ?? '');
    expect(stored).toHaveLength(155);
    expect(duplicatesIn(stored)).toEqual([]);
  });

  it('long-polls Fetch until data arrives or maxWaitTime elapses', async () => {
    const broker = await startBroker();
    const kafka = kafkaFor(broker);
    const topic = 'quiet';
    const maxWaitTimeInMs = 1_500;
    const producer = await connectedProducer(kafka);
    await producer.send({ topic, messages: [{ value: 'warm-up' }] });
    const { consumer, received } = await runConsumer(kafka, 'quiet-group', topic, { maxWaitTimeInMs });
    const fetchDurations: number[] = [];
    consumer.on(consumer.events.REQUEST, ({ payload }) => {
      if (payload.apiName === 'Fetch') fetchDurations.push(payload.duration);
    });
    await waitFor('the warm-up message', () => received.length === 1);
    fetchDurations.length = 0;

    // With nothing to read, the broker holds each Fetch for maxWaitTime.
    await waitFor('an idle fetch to time out', () => fetchDurations.length > 0, 4_000);
    const idleFetch = fetchDurations.at(-1) ?? 0;
    expect(idleFetch).toBeGreaterThanOrEqual(maxWaitTimeInMs - 100);
    expect(idleFetch).toBeLessThan(maxWaitTimeInMs + 500);

    // A Fetch waiting for data is answered as soon as a record is appended.
    await sleep(200);
    const sentAt = Date.now();
    await producer.send({ topic, messages: [{ value: 'wake-up' }] });
    await waitFor('the wake-up message', () => received.length === 2);
    expect(Date.now() - sentAt).toBeLessThan(500);
  });

  it('stores and serves gzip-compressed batches', async () => {
    const broker = await startBroker();
    const kafka = kafkaFor(broker);
    const topic = 'compressed';
    const producer = await connectedProducer(kafka);
    await producer.send({
      topic,
      compression: CompressionTypes.GZIP,
      messages: messagesNumbered('gz', 0, 100),
    });

    expect(broker.topicMessages(topic).map((message) => message.value?.toString())).toHaveLength(100);
    const { received } = await runConsumer(kafka, 'compressed-group', topic);
    await waitFor('100 compressed messages', () => received.length >= 100);
    expect(values(received).sort()).toEqual(
      messagesNumbered('gz', 0, 100)
        .map((m) => m.value)
        .sort(),
    );
  });

  it('refuses unknown topics when auto-creation is off', async () => {
    const broker = await startBroker({ autoCreateTopics: false });
    const kafka = kafkaFor(broker, { retry: { retries: 0 } });
    const producer = await connectedProducer(kafka);
    await expect(producer.send({ topic: 'missing', messages: [{ value: 'x' }] })).rejects.toThrow(
      /does not host this topic-partition/,
    );
    expect(broker.topicMessages('missing')).toEqual([]);
  });
});

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
