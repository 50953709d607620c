import { z } from 'zod';
import {
  breakdownResultSchema,
  generatedTaskSchema,
  type BreakdownResult,
  type GoalForBreakdown,
} from '@stride/domain/ai/breakdown';
import { BREAKDOWN_SYSTEM_PROMPT, breakdownUserPrompt } from './breakdown-prompt';
import { BreakdownFailure, type BreakdownContext, type BreakdownProvider } from './breakdown-provider';
import { StreamedTasks } from './streamed-tasks';

export interface OpenAiCompatibleOptions {
  /** AI_API_URL: the API base (e.g. https://api.openai.com/v1); `/chat/completions` is appended. */
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly model: string;
  /** AI_TIMEOUT_MS: the limit of one attempt. */
  readonly timeoutMs: number;
  /**
   * The limit of the whole generation, retry included (it must end well inside the request timeout,
   * leaving time to fall back and store the tasks). Defaults to twice `timeoutMs`.
   */
  readonly budgetMs?: number;
  readonly fetch?: typeof fetch;
}

/** The part of a chat completion read here; anything else in it is ignored. */
const chatCompletionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
});

const MAX_ATTEMPTS = 2;

const completionsUrl = (baseUrl: string): string => {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return trimmed.endsWith('/chat/completions') ? trimmed : `${trimmed}/chat/completions`;
};

const isAbort = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');

/** One chunk of a streamed chat completion (`stream: true`, server-sent events). */
const chatChunkSchema = z.object({
  choices: z
    .array(
      z.object({
        delta: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }).partial(),
        finish_reason: z.string().nullish(),
      }),
    )
    .default([]),
});

/** The streamed answer gathered into the shape of a whole completion, so readBreakdown judges both alike. */
async function readStream(
  body: ReadableStream<Uint8Array>,
  onTask: (task: unknown) => void,
): Promise<z.input<typeof chatCompletionSchema>> {
  const tasks = new StreamedTasks();
  let refusal = '';
  let finishReason: string | null = null;
  let buffered = '';
  const decoder = new TextDecoder();
  const readEvent = (line: string): void => {
    const data = line.replace(/^data:\s*/, '');
    if (!line.startsWith('data:') || data === '[DONE]') return;
    const chunk = chatChunkSchema.safeParse(JSON.parse(data));
    if (!chunk.success) return;
    for (const choice of chunk.data.choices.slice(0, 1)) {
      if (choice.delta.refusal) refusal += choice.delta.refusal;
      if (choice.finish_reason) finishReason = choice.finish_reason;
      if (choice.delta.content) tasks.push(choice.delta.content).forEach(onTask);
    }
  };
  for await (const bytes of body) {
    buffered += decoder.decode(bytes, { stream: true });
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    lines.map((line) => line.trim()).forEach(readEvent);
  }
  readEvent(buffered.trim());
  return {
    choices: [{ message: { content: tasks.content, refusal: refusal || null }, finish_reason: finishReason }],
  };
}

/** Reads the model's answer: refusal, not JSON, or not a breakdown are failures (and say which). */
export function readBreakdown(body: unknown): BreakdownResult {
  const completion = chatCompletionSchema.safeParse(body);
  if (!completion.success) {
    throw new BreakdownFailure('malformed_output', 'The answer is not a chat completion', {
      cause: completion.error,
      retryable: true,
    });
  }
  const choice = completion.data.choices[0];
  const refusal = choice?.message.refusal;
  if (refusal || choice?.finish_reason === 'content_filter') {
    throw new BreakdownFailure('refusal', `The model refused: ${refusal ?? 'content filtered'}`);
  }
  let content: unknown;
  try {
    content = JSON.parse(choice?.message.content ?? '');
  } catch (error) {
    throw new BreakdownFailure('malformed_output', 'The model did not answer with JSON', {
      cause: error,
      retryable: true,
    });
  }
  const result = breakdownResultSchema.safeParse(content);
  if (!result.success) {
    throw new BreakdownFailure('invalid_output', 'The model answered JSON that is not a task breakdown', {
      cause: result.error,
      retryable: true,
    });
  }
  return result.data;
}

/**
 * A breakdown from any OpenAI-compatible chat-completions API, asked for a JSON object and validated with
 * the shared schema. One retry after a timeout, a network error, a 429 or 5xx, or unusable output; a
 * refusal or another 4xx is final. Failures are BreakdownFailure (the fallback provider takes over).
 */
export class OpenAiCompatibleProvider implements BreakdownProvider {
  readonly name = 'openai-compatible';
  readonly model: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: OpenAiCompatibleOptions) {
    this.model = options.model;
    this.fetch = options.fetch ?? fetch;
  }

  async generate(goal: GoalForBreakdown, context: BreakdownContext) {
    const started = Date.now();
    const deadline = started + (this.options.budgetMs ?? this.options.timeoutMs * MAX_ATTEMPTS);
    for (let attempt = 1; ; attempt += 1) {
      const remaining = deadline - Date.now();
      try {
        if (remaining <= 0) throw new BreakdownFailure('timeout', 'No time left for another attempt');
        if (attempt > 1) context.onRestart?.();
        const result = await this.attempt(goal, context, Math.min(this.options.timeoutMs, remaining));
        return {
          result,
          metadata: {
            provider: this.name,
            model: this.model,
            fallback: false,
            attempts: attempt,
            durationMs: Date.now() - started,
          },
        };
      } catch (error) {
        const failure =
          error instanceof BreakdownFailure
            ? error
            : new BreakdownFailure('network_error', 'Request failed', { cause: error });
        const canRetry =
          failure.retryable && attempt < MAX_ATTEMPTS && deadline - Date.now() > 0 && !context.signal?.aborted;
        if (!canRetry) throw failure;
      }
    }
  }

  private async attempt(
    goal: GoalForBreakdown,
    context: BreakdownContext,
    timeoutMs: number,
  ): Promise<BreakdownResult> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = context.signal ? AbortSignal.any([timeout, context.signal]) : timeout;
    let response: Response;
    let body: unknown;
    const { onStep } = context;
    let streamed = 0;
    // Each step is passed on as soon as it arrives whole and valid; the whole answer is validated after.
    const onTask = (task: unknown): void => {
      const step = generatedTaskSchema.safeParse(task);
      if (step.success && onStep) onStep(step.data, streamed++);
    };
    try {
      response = await this.fetch(completionsUrl(this.options.baseUrl), {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: this.model,
          messages: [
            { role: 'system', content: BREAKDOWN_SYSTEM_PROMPT },
            { role: 'user', content: breakdownUserPrompt(goal, context.today, context.options) },
          ],
          response_format: { type: 'json_object' },
          temperature: 0.4,
          ...(onStep && { stream: true }),
        }),
        signal,
      });
      if (!response.ok) {
        await response.body?.cancel();
        const retryable = response.status === 429 || response.status >= 500;
        throw new BreakdownFailure('http_error', `The AI API answered ${response.status}`, {
          retryable,
          status: response.status,
        });
      }
      const streamBody = response.body;
      const isEventStream = response.headers.get('content-type')?.includes('text/event-stream') ?? false;
      body = await (onStep && isEventStream && streamBody ? readStream(streamBody, onTask) : response.json()).catch(
        (error: unknown) => {
          if (error instanceof BreakdownFailure || signal.aborted) throw error;
          throw new BreakdownFailure('malformed_output', 'The AI API answered something that is not JSON', {
            cause: error,
            retryable: true,
          });
        },
      );
    } catch (error) {
      if (error instanceof BreakdownFailure) throw error;
      if (context.signal?.aborted) throw new BreakdownFailure('aborted', 'The request was abandoned', { cause: error });
      if (timeout.aborted || isAbort(error)) {
        throw new BreakdownFailure('timeout', `No answer within ${timeoutMs} ms`, { cause: error, retryable: true });
      }
      throw new BreakdownFailure('network_error', 'The AI API could not be reached', { cause: error, retryable: true });
    }
    const result = readBreakdown(body);
    // A server that answered in one piece: the steps arrive all at once.
    if (onStep && streamed === 0) result.tasks.forEach((task, index) => onStep(task, index));
    return result;
  }
}
