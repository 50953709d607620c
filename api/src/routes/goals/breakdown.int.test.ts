import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { streamIds } from '@stride/domain/stream-ids';
import {
  startFakeOpenAi,
  type FakeOpenAiMode,
  type FakeOpenAiServer,
} from '@stride/testing/fake-openai/fake-openai-server';
import { startTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { eventTypesOf, seedAiUsage, seedGoal } from '../../../test/billing-test-helpers';
import type { AiGenerationEvent } from '@stride/application/ai/ai-tracking';
import { BreakdownFailure, type BreakdownProvider } from '@stride/application/ai/breakdown-provider';

interface BreakdownBody {
  tasks: Array<{ id: string; title: string; estimated_minutes: number; energy_level: string; source: string }>;
  added: number;
  ai_metadata: Record<string, unknown>;
  ai_generations_this_month: number;
  position: string;
}

const GOAL_TITLES = [
  'Run a 10k race',
  'Learn conversational Spanish',
  'Write a short story',
  'Save an emergency fund',
  'Plan a trip to Japan',
  'Build a personal website',
  'Read twelve books this year',
  'Move to a new apartment',
];

/** Tracked events and the app, shared by the tests of one provider set-up. */
function breakdownHarness(env: () => Record<string, string>, provider?: BreakdownProvider) {
  const harness = {
    t: undefined as unknown as TestApp,
    tracked: [] as AiGenerationEvent[],
    async start() {
      harness.t = await startTestApp({
        env: env(),
        ai: { tracker: { track: (event) => harness.tracked.push(event) }, ...(provider && { provider }) },
      });
    },
    breakdown: (client: TestClient, goalId: string, headers?: Record<string, string>) =>
      client.post(`/api/goals/${goalId}/breakdown`, {}, headers),
    /** A user with `goals` goals (written straight to the store: no goal limit) and `used` AI generations. */
    async userWith(goals: number, used = 0): Promise<{ client: TestClient; goalIds: string[] }> {
      const client = await harness.t.signIn(`${randomUUID()}@example.com`);
      const goalIds = Array.from({ length: goals }, () => randomUUID());
      for (const [index, goalId] of goalIds.entries()) {
        await seedGoal(harness.t.services.commands, client.userId, goalId, GOAL_TITLES[index % GOAL_TITLES.length]!);
      }
      if (used > 0) await seedAiUsage(harness.t.services.commands, client.userId, used);
      return { client, goalIds };
    },
    countedOf: async (userId: string) =>
      (await eventTypesOf(harness.t.services.eventStore, streamIds.usage(userId))).filter(
        (type) => type === 'AiGenerationCounted',
      ).length,
  };
  return harness;
}

describe('POST /api/goals/:goalId/breakdown with the embedded planner', () => {
  const h = breakdownHarness(() => ({}));
  beforeAll(() => h.start());
  afterAll(() => h.t.close());
  beforeEach(() => {
    h.tracked.length = 0;
  });

  it('adds 3 to 10 tasks, records the planner and counts one generation in the same command', async () => {
    const client = await h.t.signIn('planner@example.com');
    const created = await client.post('/api/goals/create-simple', {
      title: 'Run a half marathon',
      category: 'health',
      priority: 'high',
    });
    expect(created.statusCode).toBe(201);
    const goalId = created.json<{ goal: { id: string } }>().goal.id;

    const response = await h.breakdown(client, goalId);
    expect(response.statusCode).toBe(200);
    const body = response.json<BreakdownBody>();
    expect(body.added).toBe(body.tasks.length);
    expect(body.tasks.length).toBeGreaterThanOrEqual(3);
    expect(body.tasks.length).toBeLessThanOrEqual(10);
    expect(body.tasks.every((task) => task.source === 'ai' && task.estimated_minutes >= 5)).toBe(true);
    expect(body.ai_metadata).toMatchObject({
      provider: 'embedded',
      model: 'stride-planner-v2',
      fallback: false,
      attempts: 1,
    });
    expect(body.ai_generations_this_month).toBe(1);
    expect(Number(body.position)).toBeGreaterThan(0);
    expect(await h.countedOf(client.userId)).toBe(1);
    expect(h.tracked.map((event) => event.name)).toEqual(['ai_generation_started', 'ai_generation_completed']);

    // The same breakdown again adds nothing (spec section 5 de-duplication), so it is not counted.
    const again = await h.breakdown(client, goalId);
    expect(again.statusCode).toBe(200);
    expect(again.json<BreakdownBody>()).toMatchObject({ added: 0, tasks: [], ai_generations_this_month: 1 });
    expect(await h.countedOf(client.userId)).toBe(1);
  });

  it('answers 404 for a missing goal or another user’s, and counts nothing', async () => {
    const { client: owner, goalIds } = await h.userWith(1);
    const { client: other } = await h.userWith(0);
    expect((await h.breakdown(other, goalIds[0]!)).statusCode).toBe(404);
    expect((await h.breakdown(other, randomUUID())).statusCode).toBe(404);
    expect(await h.countedOf(other.userId)).toBe(0);
    expect(await eventTypesOf(h.t.services.eventStore, streamIds.goal(goalIds[0]!))).toEqual(['GoalCreated']);
    expect(owner.userId).not.toBe(other.userId);
  });

  it('refuses at the limit before asking the planner (free: 3 a month)', async () => {
    const { client, goalIds } = await h.userWith(1, 3);
    const response = await h.breakdown(client, goalIds[0]!);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'limit_reached',
      details: { field: 'ai', limit: 3, used: 3, tier: 'free' },
    });
    expect(h.tracked).toEqual([]);
    expect(await eventTypesOf(h.t.services.eventStore, streamIds.goal(goalIds[0]!))).toEqual(['GoalCreated']);
  });

  it('lets exactly the limit through when requests race (none used yet, and one below the limit)', async () => {
    const fresh = await h.userWith(6);
    const fromZero = await Promise.all(fresh.goalIds.map((goalId) => h.breakdown(fresh.client, goalId)));
    expect(fromZero.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(fromZero.filter((r) => r.statusCode === 403).map((r) => r.json<{ code: string }>().code)).toEqual([
      'limit_reached',
      'limit_reached',
      'limit_reached',
    ]);
    expect(await h.countedOf(fresh.client.userId)).toBe(3);
    const withTasks = await Promise.all(
      fresh.goalIds.map(async (goalId) =>
        (await eventTypesOf(h.t.services.eventStore, streamIds.goal(goalId))).includes('TasksBatchGenerated'),
      ),
    );
    expect(withTasks.filter(Boolean)).toHaveLength(3);

    const almost = await h.userWith(5, 2);
    const oneLeft = await Promise.all(almost.goalIds.map((goalId) => h.breakdown(almost.client, goalId)));
    expect(oneLeft.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await h.countedOf(almost.client.userId)).toBe(3);
  });

  it('follows the tier at once: an upgrade raises the limit for the very next request', async () => {
    const { client, goalIds } = await h.userWith(2, 3);
    expect((await h.breakdown(client, goalIds[0]!)).statusCode).toBe(403);
    const { sessionId } = (
      await client.post('/api/stripe/create-checkout-session-simple', { priceId: 'price_test_starter' })
    ).json<{ sessionId: string }>();
    await h.t.app.inject({
      method: 'POST',
      url: `/api/stripe/test-checkout/${sessionId}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const response = await h.breakdown(client, goalIds[0]!);
    expect(response.statusCode).toBe(200);
    expect(response.json<BreakdownBody>().ai_generations_this_month).toBe(4);
  });

  it('applies a retried request with the same Idempotency-Key once', async () => {
    const { client, goalIds } = await h.userWith(1);
    const headers = { 'idempotency-key': `breakdown-${randomUUID()}` };
    const first = await h.breakdown(client, goalIds[0]!, headers);
    const retry = await h.breakdown(client, goalIds[0]!, headers);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await h.countedOf(client.userId)).toBe(1);
  });

  it('does not count a generation that failed', async () => {
    const failing: BreakdownProvider = {
      name: 'broken',
      model: 'none',
      generate: async () => {
        throw new BreakdownFailure('network_error', 'planner unavailable');
      },
    };
    const broken = breakdownHarness(() => ({}), failing);
    await broken.start();
    try {
      const { client, goalIds } = await broken.userWith(1);
      const response = await broken.breakdown(client, goalIds[0]!);
      expect(response.statusCode).toBe(500);
      expect(await broken.countedOf(client.userId)).toBe(0);
      expect(broken.tracked.map((event) => [event.name, event.properties.reason ?? null])).toEqual([
        ['ai_generation_started', null],
        ['ai_generation_failed', 'network_error'],
      ]);
    } finally {
      await broken.t.close();
    }
  });
});

describe('POST /api/goals/:goalId/breakdown with an OpenAI-compatible API (local fake)', () => {
  let openai: FakeOpenAiServer;
  const h = breakdownHarness(() => ({
    AI_API_URL: openai.baseUrl,
    AI_API_KEY: 'sk-fake-key',
    AI_MODEL: 'fake-model-1',
    AI_TIMEOUT_MS: '300',
  }));
  beforeAll(async () => {
    openai = await startFakeOpenAi();
    await h.start();
  });
  afterAll(async () => {
    await h.t.close();
    await openai.close();
  });
  beforeEach(() => {
    openai.reset();
    h.tracked.length = 0;
  });

  it('asks for JSON with the goal and stores the model’s validated tasks', async () => {
    const { client, goalIds } = await h.userWith(1);
    const response = await h.breakdown(client, goalIds[0]!);
    expect(response.statusCode).toBe(200);
    const body = response.json<BreakdownBody>();
    expect(body.ai_metadata).toMatchObject({
      provider: 'openai-compatible',
      model: 'fake-model-1',
      fallback: false,
      attempts: 1,
    });
    expect(body.tasks.map((task) => task.title)).toContain('Do the first hard session on Run a 10k race');
    expect(openai.requests).toHaveLength(1);
    const [request] = openai.requests;
    expect(request?.authorization).toBe('Bearer sk-fake-key');
    expect(request?.body).toMatchObject({ model: 'fake-model-1', response_format: { type: 'json_object' } });
    expect(request?.body.messages?.[1]?.content).toContain('"title":"Run a 10k race"');
  });

  it('retries once after unusable output and uses the second answer', async () => {
    const { client, goalIds } = await h.userWith(1);
    openai.enqueue('malformed', 'ok');
    const body = (await h.breakdown(client, goalIds[0]!)).json<BreakdownBody>();
    expect(body.ai_metadata).toMatchObject({ provider: 'openai-compatible', fallback: false, attempts: 2 });
    expect(openai.requests.map((request) => request.mode)).toEqual(['malformed', 'ok']);
  });

  const fallbacks: Array<[FakeOpenAiMode, string, number]> = [
    ['malformed', 'malformed_output', 2],
    ['invalid-schema', 'invalid_output', 2],
    ['server-error', 'http_error', 2],
    ['timeout', 'timeout', 2],
    ['refusal', 'refusal', 1],
  ];
  it.each(fallbacks)(
    'falls back to the embedded planner on %s (reason %s, %i request(s)) and counts the generation once',
    async (mode, reason, requests) => {
      const { client, goalIds } = await h.userWith(1);
      openai.setMode(mode);
      const started = Date.now();
      const response = await h.breakdown(client, goalIds[0]!);
      expect(response.statusCode).toBe(200);
      const body = response.json<BreakdownBody>();
      expect(body.ai_metadata).toMatchObject({
        provider: 'embedded',
        model: 'stride-planner-v2',
        fallback: true,
        fallbackReason: reason,
        requestedProvider: 'openai-compatible',
        requestedModel: 'fake-model-1',
      });
      expect(body.added).toBeGreaterThanOrEqual(3);
      expect(openai.requests).toHaveLength(requests);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(await h.countedOf(client.userId)).toBe(1);
      expect(h.tracked.at(-1)).toMatchObject({
        name: 'ai_generation_completed',
        properties: { fallback: true, provider: 'embedded' },
      });
    },
  );

  it('lets exactly the limit through when requests race on a slow model', async () => {
    const { client, goalIds } = await h.userWith(5, 1);
    const responses = await Promise.all(goalIds.map((goalId) => h.breakdown(client, goalId)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(responses.filter((r) => r.statusCode === 403)).toHaveLength(3);
    expect(await h.countedOf(client.userId)).toBe(3);
  });
});
