import { describe, expect, it } from 'vitest';
import { failedJobsParamsSchema } from '@stride/domain/contracts/analytics';
import { queueNameValues } from '@stride/domain/shared/queue-names';
import { QUEUES, strideQueueDefinitions } from './queues';

describe('queues', () => {
  it('are the domain list of queue names: each defined once, each one the admin API accepts', () => {
    expect(Object.values(QUEUES)).toEqual([...queueNameValues]);
    expect(strideQueueDefinitions.map((definition) => definition.name)).toEqual([...queueNameValues]);
    for (const queue of queueNameValues) expect(failedJobsParamsSchema.parse({ queue })).toEqual({ queue });
    expect(failedJobsParamsSchema.safeParse({ queue: 'nightly' }).success).toBe(false);
  });
});
