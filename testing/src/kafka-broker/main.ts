/**
 * Runs the Kafka test broker as its own process (the scale-out stack without Docker, and its tests):
 *   tsx testing/src/kafka-broker/main.ts [--port 9092] [--partitions 3]
 * Prints one JSON line `{"brokers": [...]}` once it listens. In memory only: a restart comes back empty
 * (which is what the recovery tests want). Auto-creation is off, as on the production brokers.
 */
import { parseArgs } from 'node:util';
import { startKafkaTestBroker } from './kafka-test-broker';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '9092' }, partitions: { type: 'string', default: '3' } },
});
const broker = await startKafkaTestBroker({
  port: Number(values.port),
  defaultPartitions: Number(values.partitions),
  autoCreateTopics: false,
});
console.log(JSON.stringify({ brokers: broker.brokers }));
const stop = () => void broker.stop().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
