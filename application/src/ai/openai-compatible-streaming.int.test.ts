import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedTask } from '@stride/domain/ai/breakdown';
import { breakdownOptionsSchema } from '@stride/domain/ai/breakdown';
import { startFakeOpenAi, type FakeOpenAiServer } from '@stride/testing/fake-openai/fake-openai-server';
import { OpenAiCompatibleProvider } from './openai-compatible-provider';

const goal = {
  title: 'Run a half marathon',
  description: 'I currently run 5 km twice a week',
  category: 'health',
  priority: 'medium' as const,
  targetDate: '2027-03-01',
};

let server: FakeOpenAiServer;
beforeAll(async () => {
  server = await startFakeOpenAi();
});
afterAll(async () => {
  await server.close();
});

const provider = () =>
  new OpenAiCompatibleProvider({ baseUrl: server.baseUrl, apiKey: 'sk-test', model: 'fake-gpt', timeoutMs: 5_000 });

describe('OpenAI-compatible provider against the fake server', () => {
  it('sends the description, granularity, dates, estimate ratio and existing tasks in the prompt', async () => {
    server.reset();
    const options = breakdownOptionsSchema.parse({
      granularity: 'tiny',
      easiestFirst: true,
      estimateCorrection: { overall: 1, byEnergy: { high: 1.4 } },
      existingTaskTitles: ['Buy running shoes'],
    });
    await provider().generate(goal, { today: '2026-11-25', options });
    const user = JSON.parse(server.requests[0]?.body.messages?.find((m) => m.role === 'user')?.content ?? '{}');
    expect(user).toMatchObject({
      goal: { title: goal.title, description: goal.description, targetDate: '2027-03-01' },
      today: '2026-11-25',
      granularity: 'tiny',
      stepMinutes: 10,
      easiestFirst: true,
      estimateRatio: { low: 1, medium: 1, high: 1.4 },
      existingTasks: ['Buy running shoes'],
    });
    expect(server.requests[0]?.body.stream).toBeUndefined();
  });

  it('streams: steps reach onStep while the answer is still arriving, then the whole answer is validated', async () => {
    server.reset();
    const release = server.holdStreams();
    const steps: GeneratedTask[] = [];
    let secondStep: () => void = () => undefined;
    const twoSteps = new Promise<void>((resolve) => {
      secondStep = resolve;
    });
    let settled = false;
    const generation = provider()
      .generate(goal, {
        today: '2026-11-25',
        onStep: (step) => {
          steps.push(step);
          if (steps.length === 2) secondStep();
        },
      })
      .finally(() => {
        settled = true;
      });
    await twoSteps;
    // The server is holding the rest of the answer: two steps are in the draft, the generation is not over.
    expect(settled).toBe(false);
    expect(steps.map((step) => step.title)).toEqual([
      'Define what done looks like for Run a half marathon',
      'Block out focused time for Run a half marathon',
    ]);
    release();
    const outcome = await generation;
    expect(server.requests[0]?.body.stream).toBe(true);
    expect(steps).toHaveLength(4);
    expect(outcome.result.tasks).toEqual(steps);
  });
});
