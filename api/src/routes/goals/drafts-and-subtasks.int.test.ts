import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  draftResponseSchema,
  draftStreamLineSchema,
  goalSubtasksResponseSchema,
  type DraftResponse,
} from '@stride/domain/contracts/breakdowns';
import { limitsForTier } from '@stride/domain/plans/limits';
import { startFakeOpenAi, type FakeOpenAiServer } from '@stride/testing/fake-openai/fake-openai-server';
import { startTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { seedAiUsage } from '../../../test/billing-test-helpers';

/**
 * The AI counter as docs/decisions.md ("AI breakdowns: drafts, sub-steps and the AI counter") says: a draft
 * 1, a whole new list 1, a regenerated step 0, saving 0, sub-steps of a task 1.
 */

const usedOf = async (client: TestClient): Promise<number> => {
  const response = await client.get('/api/user/get-user-data-bypass');
  return response.json<{ ai_generations_this_month: number }>().ai_generations_this_month;
};

async function newGoal(client: TestClient, body: Record<string, unknown>): Promise<string> {
  const created = await client.post('/api/goals/create-simple', body);
  expect(created.statusCode).toBe(201);
  return created.json<{ goal: { id: string } }>().goal.id;
}

const draftOf = async (client: TestClient, goalId: string, body: Record<string, unknown>): Promise<DraftResponse> => {
  const response = await client.post(`/api/goals/${goalId}/breakdown/draft`, body);
  expect(response.statusCode, response.body).toBe(200);
  return draftResponseSchema.parse(response.json());
};

describe('Breakdown drafts and sub-steps (embedded planner)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('draft 1, regenerate one step 0, whole new list 1, save 0: and nothing is saved before save', async () => {
    const client = await t.signIn(`${randomUUID()}@example.com`);
    const goalId = await newGoal(client, {
      title: 'Run a half marathon',
      description: 'I currently run 5 km twice a week',
      category: 'health',
    });
    expect(await usedOf(client)).toBe(0);

    const tiny = await draftOf(client, goalId, { granularity: 'tiny' });
    const big = await draftOf(client, goalId, { granularity: 'big' });
    expect(await usedOf(client)).toBe(2);
    expect(tiny.ai_generations_this_month).toBe(1);
    expect(big.ai_generations_this_month).toBe(2);
    expect(tiny.source).toEqual({
      provider: 'embedded',
      model: 'stride-planner-v2',
      label: 'Built-in planner, works offline',
      fallback: false,
    });
    // Granularity: smaller steps, more of them.
    expect(tiny.steps.length).toBeGreaterThan(big.steps.length);
    // A draft is not saved.
    const goal = await client.get(`/api/goals/${goalId}`);
    expect(goal.json<{ task_count: number }>().task_count).toBe(0);

    const regenerated = await client.post(`/api/goals/${goalId}/breakdown/draft/regenerate-step`, {
      granularity: 'tiny',
      steps: tiny.steps,
      index: 1,
    });
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const step = regenerated.json<{ step: { title: string }; ai_generations_this_month: number }>();
    expect(tiny.steps.map((s) => s.title)).not.toContain(step.step.title);
    expect(step.ai_generations_this_month).toBe(2);

    const again = await draftOf(client, goalId, { granularity: 'tiny', variant: 1 });
    expect(again.ai_generations_this_month).toBe(3);

    const kept = [{ ...tiny.steps[0]!, title: 'My own first step' }, ...tiny.steps.slice(2)];
    const saved = await client.post(`/api/goals/${goalId}/breakdown/draft/save`, { steps: kept, source: tiny.source });
    expect(saved.statusCode, saved.body).toBe(200);
    const savedBody = saved.json<{ added: number; tasks: Array<{ title: string; source: string }> }>();
    expect(savedBody.added).toBe(kept.length);
    expect(savedBody.tasks[0]).toMatchObject({ title: 'My own first step', source: 'ai' });
    expect(await usedOf(client)).toBe(3);
  });

  it('sub-steps of a saved task count 1, roll progress up to the task and the goal, and are one level only', async () => {
    const client = await t.signIn(`${randomUUID()}@example.com`);
    const goalId = await newGoal(client, { title: 'Write a short story', category: 'creative' });
    const draft = await draftOf(client, goalId, { granularity: 'normal' });
    const saved = await client.post(`/api/goals/${goalId}/breakdown/draft/save`, { steps: draft.steps.slice(0, 2) });
    const [first, second] = saved.json<{ tasks: Array<{ id: string; estimated_minutes: number }> }>().tasks;
    expect(await usedOf(client)).toBe(1);

    const broken = await client.post(`/api/goals/${goalId}/tasks/${first!.id}/breakdown`, { granularity: 'tiny' });
    expect(broken.statusCode, broken.body).toBe(200);
    const body = broken.json<{ subtasks: Array<{ id: string; task_id: string }>; ai_generations_this_month: number }>();
    expect(body.subtasks.length).toBeGreaterThanOrEqual(2);
    expect(body.subtasks.every((subtask) => subtask.task_id === first!.id)).toBe(true);
    expect(body.ai_generations_this_month).toBe(2);

    const done = await client.post(
      `/api/goals/${goalId}/tasks/${first!.id}/subtasks/${body.subtasks[0]!.id}/complete`,
      {},
    );
    expect(done.statusCode, done.body).toBe(200);
    const view = goalSubtasksResponseSchema.parse(
      (
        await client.get(`/api/goals/${goalId}/subtasks`, {
          'x-min-position': done.json<{ position: string }>().position,
        })
      ).json(),
    );
    const total = body.subtasks.length;
    const firstProgress = view.progress.tasks.find((task) => task.task_id === first!.id);
    expect(firstProgress).toMatchObject({ subtasks_done: 1, subtasks_total: total });
    expect(firstProgress?.percent).toBe(Math.round(100 / total));
    expect(view.progress.goal_percent).toBe(Math.round(100 / total / 2));
    expect(view.progress.tasks.find((task) => task.task_id === second!.id)?.percent).toBe(0);

    // A sub-step is not a task: it cannot be broken down (one level).
    const deeper = await client.post(`/api/goals/${goalId}/tasks/${body.subtasks[0]!.id}/breakdown`, {});
    expect(deeper.statusCode).toBe(404);
    expect(await usedOf(client)).toBe(2);
    // Another user sees none of it.
    const stranger = await t.signIn(`${randomUUID()}@example.com`);
    expect((await stranger.get(`/api/goals/${goalId}/subtasks`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/goals/${goalId}/tasks/${first!.id}/breakdown`, {})).statusCode).toBe(404);
  });

  it('at the monthly limit a draft is refused (403 limit_reached) but regenerating a step still works', async () => {
    const client = await t.signIn(`${randomUUID()}@example.com`);
    const goalId = await newGoal(client, { title: 'Learn conversational Spanish', category: 'learning' });
    const draft = await draftOf(client, goalId, {});
    const limit = limitsForTier('free').aiGenerationsPerMonth;
    // The seed starts the month over (UsageMonthReset) and uses the whole allowance.
    await seedAiUsage(t.services.commands, client.userId, limit);
    const refused = await client.post(`/api/goals/${goalId}/breakdown/draft`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe('limit_reached');
    const regenerated = await client.post(`/api/goals/${goalId}/breakdown/draft/regenerate-step`, {
      steps: draft.steps,
      index: 0,
    });
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    expect(await usedOf(client)).toBe(limit);
  });

  it("applies the user's own estimate ratio and says so honestly", async () => {
    const goalTitle = {
      title: 'Run a half marathon',
      description: 'I currently run 5 km twice a week',
      category: 'health',
    };
    const fresh = await t.signIn(`${randomUUID()}@example.com`);
    const plain = await draftOf(fresh, await newGoal(fresh, goalTitle), { granularity: 'normal' });
    expect(plain.estimate_note).toBeNull();

    const slow = await t.signIn(`${randomUUID()}@example.com`);
    // One goal only (the free plan's goal limit): its finished tasks are the history.
    const historyGoal = await newGoal(slow, goalTitle);
    const added = await slow.post(`/api/goals/${historyGoal}/tasks`, {
      tasks: Array.from({ length: 12 }, (_, i) => ({
        title: `Hard session ${i}`,
        estimated_minutes: 30,
        energy_level: 'high',
      })),
    });
    let position = '0';
    for (const task of added.json<{ tasks: Array<{ id: string }> }>().tasks) {
      const done = await slow.post(`/api/goals/${historyGoal}/tasks/${task.id}/complete`, { actual_minutes: 54 });
      position = done.json<{ position: string }>().position;
    }
    const response = await slow.post(
      `/api/goals/${historyGoal}/breakdown/draft`,
      { granularity: 'normal' },
      {
        'x-min-position': position,
      },
    );
    const corrected = draftResponseSchema.parse(response.json());
    expect(corrected.estimate_note).toMatch(/^You usually take about 1\.\dx longer on high-energy tasks\.$/);
    const minutesOf = (draft: DraftResponse, level: string) =>
      draft.steps.filter((step) => step.energy_level === level).reduce((sum, step) => sum + step.estimated_minutes, 0);
    expect(minutesOf(corrected, 'high')).toBeGreaterThan(minutesOf(plain, 'high'));
  });

  it('bad options are a 400 naming the field', async () => {
    const client = await t.signIn(`${randomUUID()}@example.com`);
    const goalId = await newGoal(client, { title: 'Plan a trip to Japan' });
    const bad = await client.post(`/api/goals/${goalId}/breakdown/draft`, { granularity: 'huge' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('granularity');
    expect(await usedOf(client)).toBe(0);
  });
});

describe('Breakdown drafts with an OpenAI-compatible model', () => {
  let t: TestApp;
  let fake: FakeOpenAiServer;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await startTestApp({ env: { AI_API_URL: fake.baseUrl, AI_API_KEY: 'sk-test', AI_MODEL: 'fake-gpt-4o' } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('streams the steps into the draft as NDJSON and labels the source with the model name', async () => {
    const client = await t.signIn(`${randomUUID()}@example.com`);
    const goalId = await newGoal(client, { title: 'Build a personal website', description: 'A portfolio' });
    const response = await client.post(
      `/api/goals/${goalId}/breakdown/draft`,
      { granularity: 'tiny' },
      {
        accept: 'application/x-ndjson',
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/x-ndjson');
    const lines = response.body
      .trim()
      .split('\n')
      .map((line) => draftStreamLineSchema.parse(JSON.parse(line)));
    const steps = lines.filter((line) => line.type === 'step');
    expect(steps).toHaveLength(4);
    const last = lines.at(-1);
    expect(last?.type).toBe('draft');
    if (last?.type !== 'draft') return;
    expect(last.draft.source).toMatchObject({ label: 'fake-gpt-4o', fallback: false });
    expect(last.draft.steps.map((step) => step.title)).toEqual(steps.map((line) => line.step.title));
    expect(last.draft.ai_generations_this_month).toBe(1);
    const sent = JSON.parse(fake.requests.at(-1)?.body.messages?.[1]?.content ?? '{}') as Record<string, unknown>;
    expect(sent).toMatchObject({ granularity: 'tiny', goal: { description: 'A portfolio' } });
  });
});
