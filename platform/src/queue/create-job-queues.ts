import type { Config } from '../config';
import type { Logger } from '../logger';
import { BullMqJobQueues } from './bullmq-queues';
import { InProcessJobQueues } from './in-process-queues';
import type { JobQueues, QueueDefinition } from './job-queues';

/** BullMQ when REDIS_URL is set, the in-process runner otherwise. */
export function createJobQueues(
  config: Pick<Config, 'REDIS_URL'>,
  definitions: readonly QueueDefinition[],
  options: { logger?: Logger; prefix?: string } = {},
): JobQueues {
  if (config.REDIS_URL) {
    return new BullMqJobQueues({
      redisUrl: config.REDIS_URL,
      definitions,
      prefix: options.prefix,
      logger: options.logger,
    });
  }
  return new InProcessJobQueues(definitions, options.logger);
}
