import type { ComponentHealth } from '../bus/event-bus';

/**
 * Background jobs. One interface, two implementations: BullMQ on Redis (REDIS_URL) and an in-process runner
 * (the embedded default) that executes the same processors with the same rules:
 * - a job with a `dedupeKey` exists at most once waiting: adding it again while it waits does nothing;
 *   adding it while it runs keeps the latest data and runs it once more after the running one finishes
 *   (so work that arrives during a run is never lost, and two runs of one key never overlap);
 * - a failed job is retried with exponential backoff up to the queue's attempts, then kept as failed for
 *   inspection;
 * - repeatable jobs run on a fixed interval or a cron pattern (UTC).
 * Processors receive `unknown` data and validate it themselves.
 */

export interface QueueDefinition {
  readonly name: string;
  /** Jobs of this queue run at once per process. */
  readonly concurrency: number;
  /** Tries per job, the first included. */
  readonly attempts: number;
  /** First retry delay; each further retry doubles it. */
  readonly backoffMs: number;
}

export interface JobInfo {
  readonly id: string;
  readonly queue: string;
  readonly name: string;
  readonly data: unknown;
  /** 1 on the first try. */
  readonly attempt: number;
}

export type JobProcessor = (job: JobInfo) => Promise<void>;

export interface EnqueueOptions {
  readonly dedupeKey?: string;
  readonly delayMs?: number;
}

export interface NewJob {
  readonly name: string;
  readonly data: unknown;
  readonly options?: EnqueueOptions;
}

/** `every` milliseconds, or a cron `pattern` (5 or 6 fields, UTC). */
export type RepeatSpec = { readonly every: number } | { readonly pattern: string };

export interface FailedJob {
  readonly id: string;
  readonly name: string;
  readonly data: unknown;
  readonly attemptsMade: number;
  readonly failedReason: string;
  readonly failedAt: string | null;
}

/** What happened to a job, for observers (metrics, the pipeline bench). */
export interface JobOutcome {
  readonly queue: string;
  readonly name: string;
  readonly id: string;
  readonly status: 'completed' | 'failed' | 'retrying';
  readonly durationMs: number;
}

export interface JobQueues {
  readonly mode: 'in-process' | 'bullmq';
  /** Registers the processor of `jobName` on `queue` (before `start`; modules outside workers may too). */
  register(queue: string, jobName: string, processor: JobProcessor): void;
  add(queue: string, jobName: string, data: unknown, options?: EnqueueOptions): Promise<void>;
  addBulk(queue: string, jobs: readonly NewJob[]): Promise<void>;
  /** Creates or updates a repeatable job; `schedulerId` names it (scheduling again replaces it). */
  schedule(queue: string, schedulerId: string, jobName: string, repeat: RepeatSpec, data?: unknown): Promise<void>;
  failed(queue: string, limit?: number): Promise<FailedJob[]>;
  /** Connects; with `work` (default true) also starts processing this process's registered jobs. */
  start(options?: { work?: boolean }): Promise<void>;
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>;
  health(): Promise<ComponentHealth>;
  /** Subscribes to job outcomes in this process; returns the unsubscribe function. */
  onOutcome(listener: (outcome: JobOutcome) => void): () => void;
}

export class UnknownJobError extends Error {
  override readonly name = 'UnknownJobError';
  constructor(queue: string, jobName: string) {
    super(`No processor is registered for job '${jobName}' on queue '${queue}'`);
  }
}

/** Exponential backoff: backoffMs, 2 backoffMs, 4 backoffMs, ... before retry number `attempt`. */
export const backoffDelay = (backoffMs: number, failedAttempt: number): number =>
  backoffMs * 2 ** Math.max(0, failedAttempt - 1);
