import { Kafka, logLevel, type LogEntry, type RetryOptions } from 'kafkajs';
import type { Logger } from '../logger';

/** Expected when the relay bounds its producer's retries (it recreates the producer and re-sends instead). */
const QUIET_MESSAGES = new Set(['Limiting retries for the idempotent producer may invalidate EoS guarantees']);

/** kafkajs logs go to pino; kafkajs' INFO chatter (joins, connects) is logged at debug. */
function pinoLogCreator(logger: Logger) {
  const kafkaLogger = logger.child({ component: 'kafkajs' });
  return () =>
    ({ namespace, level, log }: LogEntry) => {
      const { message, timestamp: _timestamp, ...extra } = log;
      if (QUIET_MESSAGES.has(message)) return;
      const fields = { namespace, ...extra };
      if (level === logLevel.ERROR) kafkaLogger.error(fields, message);
      else if (level === logLevel.WARN) kafkaLogger.warn(fields, message);
      else kafkaLogger.debug(fields, message);
    };
}

export interface KafkaClientOptions {
  readonly brokers: readonly string[];
  readonly clientId: string;
  readonly logger: Logger;
  readonly retry?: RetryOptions;
}

export function createKafka(options: KafkaClientOptions): Kafka {
  return new Kafka({
    clientId: options.clientId,
    brokers: [...options.brokers],
    logLevel: logLevel.INFO,
    logCreator: pinoLogCreator(options.logger),
    retry: options.retry ?? { initialRetryTime: 100, maxRetryTime: 5_000, retries: 8 },
  });
}
