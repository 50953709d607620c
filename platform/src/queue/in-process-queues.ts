import { CronExpressionParser } from 'cron-parser';
import type { Logger } from '../logger';
import type { ComponentHealth } from '../bus/event-bus';
import {
  backoffDelay,
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

interface Job {
  readonly id: string;
  readonly name: string;
  readonly data: unknown;
  readonly dedupeKey: string | undefined;
  attempt: number;
}

/** A dedupe key's job: waiting (or delayed for a retry), or running with possibly a follow-up to run. */
interface KeyState {
  state: 'waiting' | 'active';
  next?: { readonly name: string; readonly data: unknown };
}

interface QueueState {
  readonly definition: QueueDefinition;
  readonly waiting: Job[];
  readonly keys: Map<string, KeyState>;
  readonly failed: FailedJob[];
  active: number;
  delayed: number;
  completed: number;
  failedTotal: number;
}

const MAX_FAILED_KEPT = 1_000;

/**
 * The in-process runner (no REDIS_URL): the same processors, dedupe, retry and repeat rules as BullMQ, held
 * in memory. Jobs waiting when the process stops are lost; they are recomputable by design (the metrics and
 * scores jobs rebuild from the analytics store, and the repeatable jobs come round again).
 */
export class InProcessJobQueues implements JobQueues {
  readonly mode = 'in-process' as const;
  private readonly registry: ProcessorRegistry;
  private readonly states = new Map<string, QueueState>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private working = false;
  private sequence = 0;
  private idle: (() => void) | null = null;

  constructor(
    definitions: readonly QueueDefinition[],
    private readonly logger?: Logger,
  ) {
    this.registry = new ProcessorRegistry(definitions);
    for (const definition of definitions) {
      this.states.set(definition.name, {
        definition,
        waiting: [],
        keys: new Map(),
        failed: [],
        active: 0,
        delayed: 0,
        completed: 0,
        failedTotal: 0,
      });
    }
  }

  register(queue: string, jobName: string, processor: JobProcessor): void {
    this.registry.register(queue, jobName, processor);
  }

  onOutcome(listener: (outcome: JobOutcome) => void): () => void {
    return this.registry.onOutcome(listener);
  }

  async add(queue: string, jobName: string, data: unknown, options: EnqueueOptions = {}): Promise<void> {
    const state = this.state(queue);
    const key = options.dedupeKey;
    if (key !== undefined) {
      const existing = state.keys.get(key);
      if (existing?.state === 'waiting') return;
      if (existing?.state === 'active') {
        existing.next = { name: jobName, data };
        return;
      }
      state.keys.set(key, { state: 'waiting' });
    }
    const job: Job = { id: String(++this.sequence), name: jobName, data, dedupeKey: key, attempt: 1 };
    if (options.delayMs && options.delayMs > 0) this.later(state, job, options.delayMs);
    else this.enqueue(state, job);
  }

  async addBulk(queue: string, jobs: readonly NewJob[]): Promise<void> {
    for (const job of jobs) await this.add(queue, job.name, job.data, job.options);
  }

  async schedule(
    queue: string,
    schedulerId: string,
    jobName: string,
    repeat: RepeatSpec,
    data: unknown = {},
  ): Promise<void> {
    this.state(queue);
    const fire = () =>
      void this.add(queue, jobName, data, { dedupeKey: `repeat:${schedulerId}` }).catch((error: unknown) =>
        this.logger?.error({ err: error, queue, schedulerId }, 'repeatable job could not be added'),
      );
    if ('every' in repeat) {
      const timer = setInterval(fire, repeat.every);
      timer.unref();
      this.timers.add(timer);
      return;
    }
    const expression = CronExpressionParser.parse(repeat.pattern, { tz: 'UTC' });
    const armNext = () => {
      const delay = Math.max(0, expression.next().toDate().getTime() - Date.now());
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        fire();
        armNext();
      }, delay);
      timer.unref();
      this.timers.add(timer);
    };
    armNext();
  }

  async failed(queue: string, limit = 50): Promise<FailedJob[]> {
    return this.state(queue).failed.slice(-limit).reverse();
  }

  async start(options: { work?: boolean } = {}): Promise<void> {
    if (!(options.work ?? true)) return;
    this.working = true;
    for (const state of this.states.values()) this.pump(state);
  }

  async stop(): Promise<void> {
    this.working = false;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.activeTotal() > 0) await new Promise<void>((resolve) => (this.idle = resolve));
  }

  async health(): Promise<ComponentHealth> {
    const queues = Object.fromEntries(
      [...this.states.values()].map((state) => [
        state.definition.name,
        {
          waiting: state.waiting.length,
          active: state.active,
          delayed: state.delayed,
          completed: state.completed,
          failed: state.failedTotal,
        },
      ]),
    );
    return { status: 'up', mode: this.mode, working: this.working, queues };
  }

  private state(queue: string): QueueState {
    const state = this.states.get(queue);
    if (!state) throw new Error(`Unknown queue '${queue}'`);
    return state;
  }

  private activeTotal(): number {
    let active = 0;
    for (const state of this.states.values()) active += state.active;
    return active;
  }

  private later(state: QueueState, job: Job, delayMs: number): void {
    state.delayed += 1;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      state.delayed -= 1;
      this.enqueue(state, job);
    }, delayMs);
    this.timers.add(timer);
  }

  private enqueue(state: QueueState, job: Job): void {
    state.waiting.push(job);
    this.pump(state);
  }

  private pump(state: QueueState): void {
    while (this.working && state.active < state.definition.concurrency && state.waiting.length > 0) {
      void this.run(state, state.waiting.shift()!);
    }
  }

  private async run(state: QueueState, job: Job): Promise<void> {
    const { definition } = state;
    state.active += 1;
    const keyState = job.dedupeKey === undefined ? undefined : state.keys.get(job.dedupeKey);
    if (keyState) keyState.state = 'active';
    const startedAt = Date.now();
    const outcome = (status: JobOutcome['status']) =>
      this.registry.emit({
        queue: definition.name,
        name: job.name,
        id: job.id,
        status,
        durationMs: Date.now() - startedAt,
      });
    try {
      const processor = this.registry.processor(definition.name, job.name);
      await processor({ id: job.id, queue: definition.name, name: job.name, data: job.data, attempt: job.attempt });
      state.completed += 1;
      this.finishKey(state, job);
      outcome('completed');
    } catch (error) {
      const retry = !(error instanceof UnknownJobError) && job.attempt < definition.attempts;
      if (retry) {
        const delay = backoffDelay(definition.backoffMs, job.attempt);
        this.logger?.warn(
          { err: error, queue: definition.name, job: job.name, attempt: job.attempt, retryInMs: delay },
          'job failed; retrying',
        );
        job.attempt += 1;
        // The retry covers whatever arrived meanwhile: it waits like a fresh job of its key.
        if (keyState) {
          keyState.state = 'waiting';
          delete keyState.next;
        }
        this.later(state, job, delay);
        outcome('retrying');
      } else {
        this.logger?.error({ err: error, queue: definition.name, job: job.name, attempts: job.attempt }, 'job failed');
        state.failedTotal += 1;
        state.failed.push({
          id: job.id,
          name: job.name,
          data: job.data,
          attemptsMade: job.attempt,
          failedReason: (error as Error).message,
          failedAt: new Date().toISOString(),
        });
        if (state.failed.length > MAX_FAILED_KEPT) state.failed.shift();
        this.finishKey(state, job);
        outcome('failed');
      }
    } finally {
      state.active -= 1;
      this.pump(state);
      if (this.activeTotal() === 0) this.idle?.();
    }
  }

  /** The key's job is done: run the follow-up that arrived while it ran, or free the key. */
  private finishKey(state: QueueState, job: Job): void {
    if (job.dedupeKey === undefined) return;
    const keyState = state.keys.get(job.dedupeKey);
    state.keys.delete(job.dedupeKey);
    if (keyState?.next)
      void this.add(state.definition.name, keyState.next.name, keyState.next.data, { dedupeKey: job.dedupeKey });
  }
}
