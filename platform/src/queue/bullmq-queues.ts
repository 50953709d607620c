import { Queue, UnrecoverableError, Worker, type Job, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '../logger';
import type { ComponentHealth } from '../bus/event-bus';
import {
  UnknownJobError,
  type EnqueueOptions,
  type FailedJob,
  type JobOutcome,
  type JobProcessor,
  type JobQueues,
  type NewJob,
  type QueueDefinition,
  type RepeatSpec,
} from './job-queues';
import { ProcessorRegistry } from './processor-registry';

export interface BullMqJobQueuesOptions {
  readonly redisUrl: string;
  readonly definitions: readonly QueueDefinition[];
  /** Namespaces every Redis key (tests use one per run). Default 'stride'. */
  readonly prefix?: string;
  readonly logger?: Logger;
  /**
   * How long `stop` waits for running jobs and for Redis to confirm before it lets go (default 10 s). A Redis
   * that stopped answering would otherwise hold the process forever; a job cut off this way is retried later
   * by BullMQ's stalled-job check (jobs are idempotent by design).
   */
  readonly stopTimeoutMs?: number;
}

/** Completed jobs are kept briefly (for inspection), failed ones until there are many of them. */
const KEEP_COMPLETED = { age: 3_600, count: 1_000 } as const;
const KEEP_FAILED = { age: 14 * 86_400, count: 10_000 } as const;

/**
 * BullMQ on Redis (REDIS_URL). Dedupe keys map to BullMQ deduplication with `keepLastIfActive`; retries use
 * BullMQ's exponential backoff; failed jobs stay in the failed set; repeatable jobs are job schedulers, so
 * however many worker processes run, each repeat fires once.
 */
export class BullMqJobQueues implements JobQueues {
  readonly mode = 'bullmq' as const;
  private readonly registry: ProcessorRegistry;
  private readonly connection: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];

  constructor(private readonly options: BullMqJobQueuesOptions) {
    this.registry = new ProcessorRegistry(options.definitions);
    this.connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
    this.connection.on('error', (error) => options.logger?.warn({ err: error }, 'redis connection error'));
    for (const definition of options.definitions) {
      this.queues.set(
        definition.name,
        new Queue(definition.name, {
          connection: this.connection,
          prefix: this.prefix,
          defaultJobOptions: this.jobOptions(definition),
        }),
      );
    }
  }

  private get prefix(): string {
    return this.options.prefix ?? 'stride';
  }

  register(queue: string, jobName: string, processor: JobProcessor): void {
    this.registry.register(queue, jobName, processor);
  }

  onOutcome(listener: (outcome: JobOutcome) => void): () => void {
    return this.registry.onOutcome(listener);
  }

  async add(queue: string, jobName: string, data: unknown, options: EnqueueOptions = {}): Promise<void> {
    await this.queue(queue).add(jobName, data, this.addOptions(options));
  }

  async addBulk(queue: string, jobs: readonly NewJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.queue(queue).addBulk(
      jobs.map((job) => ({ name: job.name, data: job.data, opts: this.addOptions(job.options ?? {}) })),
    );
  }

  async schedule(
    queue: string,
    schedulerId: string,
    jobName: string,
    repeat: RepeatSpec,
    data: unknown = {},
  ): Promise<void> {
    const definition = this.registry.definition(queue);
    await this.queue(queue).upsertJobScheduler(
      schedulerId,
      'every' in repeat ? { every: repeat.every } : { pattern: repeat.pattern, tz: 'UTC' },
      { name: jobName, data, opts: this.jobOptions(definition) },
    );
  }

  async failed(queue: string, limit = 50): Promise<FailedJob[]> {
    const jobs = await this.queue(queue).getFailed(0, Math.max(0, limit - 1));
    return jobs.map((job) => ({
      id: String(job.id ?? ''),
      name: job.name,
      data: job.data as unknown,
      attemptsMade: job.attemptsMade,
      failedReason: job.failedReason ?? '',
      failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
    }));
  }

  async start(options: { work?: boolean } = {}): Promise<void> {
    await this.connection.connect().catch((error: Error) => {
      if (!/already connect/i.test(error.message)) throw error;
    });
    if (!(options.work ?? true)) return;
    for (const definition of this.registry.queuesWithProcessors()) {
      const worker = new Worker(definition.name, (job: Job) => this.process(definition, job), {
        connection: this.connection,
        prefix: this.prefix,
        concurrency: definition.concurrency,
      });
      worker.on('error', (error) => this.options.logger?.error({ err: error, queue: definition.name }, 'worker error'));
      worker.on('failed', (job, error) => {
        if (!job) return;
        const retrying = job.attemptsMade < (job.opts.attempts ?? 1) && !(error instanceof UnrecoverableError);
        this.options.logger?.[retrying ? 'warn' : 'error'](
          { err: error, queue: definition.name, job: job.name, jobId: job.id, attempts: job.attemptsMade },
          retrying ? 'job failed; retrying' : 'job failed',
        );
      });
      this.workers.push(worker);
    }
    await Promise.all(this.workers.map((worker) => worker.waitUntilReady()));
  }

  async stop(): Promise<void> {
    const graceful = async () => {
      await Promise.all(this.workers.map((worker) => worker.close()));
      await Promise.all([...this.queues.values()].map((queue) => queue.close()));
      await this.connection.quit();
    };
    const timeoutMs = this.options.stopTimeoutMs ?? 10_000;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timed out'>((resolve) => (timer = setTimeout(() => resolve('timed out'), timeoutMs)));
    const outcome = await Promise.race([graceful().then(() => 'stopped' as const), timedOut]).catch(
      (error: unknown) => error,
    );
    clearTimeout(timer);
    if (outcome !== 'stopped') {
      this.options.logger?.warn(
        { err: outcome instanceof Error ? outcome : undefined, timeoutMs },
        'queues did not stop cleanly (Redis not answering?): letting go; running jobs are retried later',
      );
      for (const worker of this.workers) void worker.close(true).catch(() => undefined);
      this.connection.disconnect();
    }
    this.workers.length = 0;
  }

  async health(): Promise<ComponentHealth> {
    try {
      await this.connection.ping();
      const entries = await Promise.all(
        [...this.queues].map(async ([name, queue]) => [
          name,
          await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed'),
        ]),
      );
      return { status: 'up', mode: this.mode, workers: this.workers.length, queues: Object.fromEntries(entries) };
    } catch (error) {
      return { status: 'down', mode: this.mode, error: (error as Error).message };
    }
  }

  /** Removes every job and scheduler of these queues (tests). */
  async obliterate(): Promise<void> {
    for (const queue of this.queues.values()) await queue.obliterate({ force: true });
  }

  private queue(name: string): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`Unknown queue '${name}'`);
    return queue;
  }

  private jobOptions(definition: QueueDefinition): JobsOptions {
    return {
      attempts: definition.attempts,
      backoff: { type: 'exponential', delay: definition.backoffMs },
      removeOnComplete: KEEP_COMPLETED,
      removeOnFail: KEEP_FAILED,
    };
  }

  private addOptions(options: EnqueueOptions): JobsOptions {
    return {
      ...(options.dedupeKey ? { deduplication: { id: options.dedupeKey, keepLastIfActive: true } } : {}),
      ...(options.delayMs ? { delay: options.delayMs } : {}),
    };
  }

  private async process(definition: QueueDefinition, job: Job): Promise<void> {
    const startedAt = Date.now();
    const outcome = (status: JobOutcome['status']) =>
      this.registry.emit({
        queue: definition.name,
        name: job.name,
        id: String(job.id),
        status,
        durationMs: Date.now() - startedAt,
      });
    try {
      const processor = this.registry.processor(definition.name, job.name);
      await processor({
        id: String(job.id),
        queue: definition.name,
        name: job.name,
        data: job.data as unknown,
        attempt: job.attemptsMade + 1,
      });
      outcome('completed');
    } catch (error) {
      const final = error instanceof UnknownJobError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      outcome(final ? 'failed' : 'retrying');
      if (error instanceof UnknownJobError) throw new UnrecoverableError(error.message);
      throw error;
    }
  }
}
