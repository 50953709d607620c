import type { BreakdownOptions, BreakdownResult, GeneratedTask, GoalForBreakdown } from '@stride/domain/ai/breakdown';

/**
 * A planner that turns a goal into 3 to 10 tasks. The embedded one needs no network; a remote one
 * (OpenAI-compatible) may fail, in which case the fallback planner answers and says so in the metadata.
 */
export interface BreakdownProvider {
  /** e.g. 'embedded' or 'openai-compatible'. */
  readonly name: string;
  readonly model: string;
  generate(goal: GoalForBreakdown, context: BreakdownContext): Promise<BreakdownOutcome>;
}

export interface BreakdownContext {
  /** The user's calendar day, YYYY-MM-DD. */
  readonly today: string;
  /** Aborts the generation (the request timed out or went away). */
  readonly signal?: AbortSignal;
  /** How the user wants it broken down (granularity, easiest first, estimate ratio, existing tasks). */
  readonly options?: BreakdownOptions;
  /**
   * Called with each step as soon as it is known (a remote model streams them; the embedded planner has
   * them all at once). A step passed here may still be dropped if the whole answer proves invalid.
   */
  readonly onStep?: (step: GeneratedTask, index: number) => void;
  /** The steps passed to onStep so far are void (a failed model's; the fallback planner starts over). */
  readonly onRestart?: () => void;
}

/** Stored on the goal with the tasks (TasksBatchGenerated.aiMetadata) and returned as ai_metadata. */
export interface AiMetadata {
  readonly provider: string;
  readonly model: string;
  readonly fallback: boolean;
  /** Why the configured provider's answer was not used (only with fallback: true). */
  readonly fallbackReason?: BreakdownFailureReason;
  /** The provider that was asked first (only with fallback: true). */
  readonly requestedProvider?: string;
  readonly requestedModel?: string;
  /** Requests made to the provider that answered (1, or 2 after a retry). */
  readonly attempts: number;
  readonly durationMs: number;
}

export interface BreakdownOutcome {
  readonly result: BreakdownResult;
  readonly metadata: AiMetadata;
  /** One do-date (YYYY-MM-DD) or null per task, when the planner spreads them itself (the embedded one). */
  readonly suggestedDates?: readonly (string | null)[];
}

export type BreakdownFailureReason =
  'timeout' | 'network_error' | 'http_error' | 'malformed_output' | 'invalid_output' | 'refusal' | 'aborted';

/** A provider could not give a usable breakdown. */
export class BreakdownFailure extends Error {
  override readonly name = 'BreakdownFailure';
  constructor(
    readonly reason: BreakdownFailureReason,
    message: string,
    options: { cause?: unknown; retryable?: boolean; status?: number } = {},
  ) {
    super(message, { cause: options.cause });
    this.retryable = options.retryable ?? false;
    this.status = options.status ?? null;
  }
  readonly retryable: boolean;
  readonly status: number | null;
}
