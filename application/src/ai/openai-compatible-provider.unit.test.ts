import { describe, expect, it } from 'vitest';
import { breakdownOptionsSchema } from '@stride/domain/ai/breakdown';
import { createLogger } from '@stride/platform/logger';
import { BreakdownFailure } from './breakdown-provider';
import { createEmbeddedProvider } from './embedded-provider';
import { withFallback } from './fallback-provider';
import { OpenAiCompatibleProvider, readBreakdown } from './openai-compatible-provider';

const goal = { title: 'Learn to bake sourdough', category: 'personal', priority: 'medium' as const };
const tasks = [
  { title: 'Feed a starter', estimatedMinutes: 15, energyLevel: 'low' },
  { title: 'Bake the first loaf', estimatedMinutes: 120, energyLevel: 'high' },
  { title: 'Note what to change', estimatedMinutes: 10, energyLevel: 'low' },
];
const completion = (message: object, finish = 'stop') => ({ choices: [{ message, finish_reason: finish }] });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that answers each call with the next of `answers` (a Response, or a never-settling hang). */
const scriptedFetch = (answers: Array<Response | 'hang'>) => {
  const calls: Array<{ url: string; body: Record<string, unknown> }> = [];
  const fetchStub: typeof fetch = async (input, init) => {
    calls.push({ url: String(input), body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    const answer = answers.shift() ?? 'hang';
    if (answer !== 'hang') return answer;
    return new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });
  };
  return { fetch: fetchStub, calls };
};

const provider = (fetchStub: typeof fetch, timeoutMs = 100) =>
  new OpenAiCompatibleProvider({
    baseUrl: 'http://ai.local/v1/',
    apiKey: 'k',
    model: 'm',
    timeoutMs,
    fetch: fetchStub,
  });

describe('OpenAI-compatible breakdowns', () => {
  it('reads a valid JSON breakdown and refuses everything else with a reason', () => {
    expect(readBreakdown(completion({ content: JSON.stringify({ tasks }) })).tasks).toHaveLength(3);
    const reasonOf = (body: unknown) => {
      try {
        readBreakdown(body);
        return null;
      } catch (error) {
        return error instanceof BreakdownFailure ? error.reason : 'other';
      }
    };
    expect(reasonOf(completion({ content: 'Here you go: 1. Start' }))).toBe('malformed_output');
    expect(reasonOf(completion({ content: JSON.stringify({ tasks: tasks.slice(0, 2) }) }))).toBe('invalid_output');
    expect(reasonOf(completion({ content: null, refusal: 'I cannot help with that' }))).toBe('refusal');
    expect(reasonOf(completion({ content: '{}' }, 'content_filter'))).toBe('refusal');
    expect(reasonOf({ error: 'nope' })).toBe('malformed_output');
  });

  it('posts to {base}/chat/completions asking for a JSON object', async () => {
    const { fetch: fetchStub, calls } = scriptedFetch([json(completion({ content: JSON.stringify({ tasks }) }))]);
    const outcome = await provider(fetchStub).generate(goal, { today: '2025-03-01' });
    expect(calls[0]?.url).toBe('http://ai.local/v1/chat/completions');
    expect(calls[0]?.body).toMatchObject({ model: 'm', response_format: { type: 'json_object' } });
    expect(outcome.metadata).toMatchObject({ provider: 'openai-compatible', model: 'm', fallback: false, attempts: 1 });
  });

  it('tells the model the range of minutes of the chosen step size and that a title names what fits them', async () => {
    const { fetch: fetchStub, calls } = scriptedFetch([json(completion({ content: JSON.stringify({ tasks }) }))]);
    const options = breakdownOptionsSchema.parse({ granularity: 'tiny' });
    await provider(fetchStub).generate(goal, { today: '2025-03-01', options });
    const messages = calls[0]?.body.messages as Array<{ role: string; content: string }>;
    const user = JSON.parse(messages.find((message) => message.role === 'user')!.content) as Record<string, unknown>;
    expect(user).toMatchObject({ granularity: 'tiny', stepMinutes: 10, stepMinutesRange: { min: 5, max: 15 } });
    const system = messages.find((message) => message.role === 'system')!.content;
    expect(system).toContain('within "stepMinutesRange"');
    expect(system).toContain('names what fits the');
  });

  it('retries once after a timeout or a 5xx, but not after a refusal or a 4xx', async () => {
    const ok = () => json(completion({ content: JSON.stringify({ tasks }) }));
    const afterHang = scriptedFetch(['hang', ok()]);
    expect((await provider(afterHang.fetch, 50).generate(goal, { today: '2025-03-01' })).metadata.attempts).toBe(2);
    const after503 = scriptedFetch([json({ error: {} }, 503), ok()]);
    expect((await provider(after503.fetch).generate(goal, { today: '2025-03-01' })).metadata.attempts).toBe(2);

    const refusal = scriptedFetch([json(completion({ content: null, refusal: 'no' })), ok()]);
    await expect(provider(refusal.fetch).generate(goal, { today: '2025-03-01' })).rejects.toMatchObject({
      reason: 'refusal',
    });
    expect(refusal.calls).toHaveLength(1);
    const unauthorized = scriptedFetch([json({ error: {} }, 401), ok()]);
    await expect(provider(unauthorized.fetch).generate(goal, { today: '2025-03-01' })).rejects.toMatchObject({
      reason: 'http_error',
      status: 401,
    });
    expect(unauthorized.calls).toHaveLength(1);
    const hangs = scriptedFetch(['hang', 'hang']);
    await expect(provider(hangs.fetch, 30).generate(goal, { today: '2025-03-01' })).rejects.toMatchObject({
      reason: 'timeout',
    });
    expect(hangs.calls).toHaveLength(2);
  });

  it('falls back to the embedded planner and says why', async () => {
    const { fetch: fetchStub } = scriptedFetch([json(completion({ content: null, refusal: 'no' }))]);
    const planner = withFallback(
      provider(fetchStub),
      createEmbeddedProvider(),
      createLogger({ level: 'silent', pretty: false }),
    );
    const outcome = await planner.generate(goal, { today: '2025-03-01' });
    expect(outcome.metadata).toMatchObject({
      provider: 'embedded',
      fallback: true,
      fallbackReason: 'refusal',
      requestedProvider: 'openai-compatible',
      requestedModel: 'm',
    });
    expect(outcome.result.tasks.length).toBeGreaterThanOrEqual(3);
  });
});
