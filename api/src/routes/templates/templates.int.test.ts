import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goalMutationResponseSchema } from '@stride/domain/contracts/goals';
import { templateLibraryResponseSchema, templateMutationResponseSchema } from '@stride/domain/contracts/templates';
import { builtInTemplate } from '@stride/domain/templates/template-library';
import { OWN_TEMPLATES_MAX } from '@stride/domain/templates/template-decider';
import { activateSubscription, cancelSubscription, createGoal, registeredUser } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';

describe('/api/templates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a Free user browses the library but may not use or save a template: 403 plan_required naming the plans', async () => {
    const free = await registeredUser(t, 'free-templates@example.com');
    const library = templateLibraryResponseSchema.parse((await free.get('/api/templates')).json());
    expect(library.can_use).toBe(false);
    expect(library.required_tiers).toEqual(['starter', 'pro', 'team']);
    expect(library.built_in.length).toBeGreaterThanOrEqual(12);
    expect(library.own).toEqual([]);

    const used = await free.post('/api/templates/builtin-run-5k/goals', {});
    expect(used.statusCode).toBe(403);
    expect(used.json()).toMatchObject({
      code: 'plan_required',
      error: 'Goal templates come with Starter and up. Upgrade to use them.',
      details: { feature: 'templates', requiredTiers: ['starter', 'pro', 'team'], currentTier: 'free' },
    });
    const { goal } = await createGoal(free, { title: 'Mine' });
    await free.post(`/api/goals/${goal.id}/tasks`, { tasks: [{ title: 'One' }] });
    const saved = await free.post('/api/templates', { goal_id: goal.id });
    expect(saved.statusCode).toBe(403);
    expect(saved.json().code).toBe('plan_required');
    // Nothing was created or counted by the refused use.
    expect((await free.get('/api/goals/list')).json()).toHaveLength(1);
  });

  it('a Starter user creates a goal from a built-in template: its tasks in order, counted as one goal created', async () => {
    const starter = await registeredUser(t, 'starter-templates@example.com');
    await activateSubscription(t, starter.userId, 'starter');
    expect(templateLibraryResponseSchema.parse((await starter.get('/api/templates')).json()).can_use).toBe(true);

    const created = await starter.post('/api/templates/builtin-run-5k/goals', { target_date: '2099-06-01' });
    expect(created.statusCode, created.body).toBe(201);
    const { goal } = goalMutationResponseSchema.parse(created.json());
    const template = builtInTemplate('builtin-run-5k')!;
    expect(goal).toMatchObject({
      title: template.title,
      description: template.description,
      category: template.category,
      priority: template.priority,
      target_date: '2099-06-01',
      task_count: template.tasks.length,
    });
    expect(
      goal.generated_tasks.map((task) => [task.title, task.estimated_minutes, task.energy_level, task.source]),
    ).toEqual(template.tasks.map((task) => [task.title, task.estimatedMinutes, task.energyLevel, 'template']));
    const usage = (await starter.get('/api/user/get-user-data-simple')).json();
    expect(usage).toMatchObject({ goals_this_month: 1 });

    const renamed = await starter.post('/api/templates/builtin-plan-trip/goals', { title: 'Lisbon in May' });
    expect(renamed.json().goal.title).toBe('Lisbon in May');
    expect((await starter.get('/api/user/get-user-data-simple')).json()).toMatchObject({ goals_this_month: 2 });
  });

  it('a goal from a template counts against the monthly goal limit like any other (403 limit_reached at the limit)', async () => {
    const starter = await registeredUser(t, 'limit-templates@example.com');
    await activateSubscription(t, starter.userId, 'starter');
    // Starter: 10 new goals a month. Nine plain goals, the tenth from a template, the eleventh refused.
    for (let index = 0; index < 9; index += 1) await createGoal(starter, { title: `Goal ${index}` });
    expect((await starter.post('/api/templates/builtin-read-books/goals', {})).statusCode).toBe(201);
    const refused = await starter.post('/api/templates/builtin-read-books/goals', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('limit_reached');
    expect((await starter.get('/api/goals/list')).json()).toHaveLength(10);
  });

  it('saves a goal as a template, reuses it, lists and deletes it; after a downgrade it can still be deleted', async () => {
    const user = await registeredUser(t, 'own-templates@example.com');
    await activateSubscription(t, user.userId, 'starter');
    const { goal } = await createGoal(user, {
      title: 'Weekly review',
      description: 'Sunday evening',
      category: 'personal',
    });
    await user.post(`/api/goals/${goal.id}/tasks`, {
      tasks: [
        { title: 'Inbox to zero', estimated_minutes: 20, energy_level: 'low' },
        { title: 'Plan the week', estimated_minutes: 30, energy_level: 'high', description: 'Top three' },
        { title: 'Dropped', estimated_minutes: 5 },
      ],
    });
    const listed = (await user.get(`/api/goals/${goal.id}`)).json<{ generated_tasks: { id: string }[] }>();
    await user.delete(`/api/goals/${goal.id}/tasks/${listed.generated_tasks[2]!.id}`);

    const saved = await user.post('/api/templates', { goal_id: goal.id, title: 'My weekly review' });
    expect(saved.statusCode, saved.body).toBe(201);
    const { template } = templateMutationResponseSchema.parse(saved.json());
    expect(template).toMatchObject({
      kind: 'own',
      title: 'My weekly review',
      description: 'Sunday evening',
      category: 'personal',
      tasks: [
        { title: 'Inbox to zero', description: null, estimated_minutes: 20, energy_level: 'low' },
        { title: 'Plan the week', description: 'Top three', estimated_minutes: 30, energy_level: 'high' },
      ],
    });
    expect(template!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const own = templateLibraryResponseSchema.parse((await user.get('/api/templates')).json()).own;
    expect(own.map((row) => row.id)).toEqual([template!.id]);

    const reused = await user.post(`/api/templates/${template!.id}/goals`, {});
    expect(reused.statusCode, reused.body).toBe(201);
    const copy = goalMutationResponseSchema.parse(reused.json()).goal;
    expect(copy.id).not.toBe(goal.id);
    expect(copy.title).toBe('My weekly review');
    expect(copy.generated_tasks.map((task) => [task.title, task.description])).toEqual([
      ['Inbox to zero', null],
      ['Plan the week', 'Top three'],
    ]);

    await cancelSubscription(t, user.userId);
    expect((await user.post(`/api/templates/${template!.id}/goals`, {})).statusCode).toBe(403);
    const deleted = await user.delete(`/api/templates/${template!.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ template: null });
    expect(templateLibraryResponseSchema.parse((await user.get('/api/templates')).json()).own).toEqual([]);
    expect((await user.delete(`/api/templates/${template!.id}`)).statusCode).toBe(404);
  });

  it(`keeps at most ${OWN_TEMPLATES_MAX} templates of a user's own: the next save is 409 quota_reached, and deleting one frees a place`, async () => {
    const user = await registeredUser(t, 'many-templates@example.com');
    await activateSubscription(t, user.userId, 'pro');
    const { goal } = await createGoal(user, { title: 'Weekly review' });
    await user.post(`/api/goals/${goal.id}/tasks`, { tasks: [{ title: 'Clear the inbox' }] });
    for (let i = 0; i < OWN_TEMPLATES_MAX; i += 1) {
      expect((await user.post('/api/templates', { goal_id: goal.id, title: `Review ${i}` })).statusCode).toBe(201);
    }
    const refused = await user.post('/api/templates', { goal_id: goal.id, title: 'One too many' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'quota_reached',
      error: `You have ${OWN_TEMPLATES_MAX} templates of your own. Delete one to save another.`,
      details: { limit: OWN_TEMPLATES_MAX },
    });
    const own = templateLibraryResponseSchema.parse((await user.get('/api/templates')).json()).own;
    expect(own).toHaveLength(OWN_TEMPLATES_MAX);
    expect((await user.delete(`/api/templates/${own[0]!.id}`)).statusCode).toBe(200);
    expect((await user.post('/api/templates', { goal_id: goal.id, title: 'Room again' })).statusCode).toBe(201);
  });

  it('validates input with a 400 naming the field, and refuses what is not there', async () => {
    const user = await registeredUser(t, 'strict-templates@example.com');
    await activateSubscription(t, user.userId, 'pro');
    expect((await user.post('/api/templates', {})).json()).toMatchObject({ details: { field: 'goal_id' } });
    const builtinId = await user.post('/api/templates', { goal_id: 'g', id: 'builtin-mine' });
    expect(builtinId.statusCode).toBe(400);
    expect(builtinId.json().details.field).toBe('id');
    const badDate = await user.post('/api/templates/builtin-run-5k/goals', { target_date: '2026-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().details.field).toBe('target_date');
    expect((await user.post('/api/templates/builtin-run-5k/goals', { title: '' })).json().details.field).toBe('title');
    expect((await user.post('/api/templates/builtin-nothing/goals', {})).statusCode).toBe(404);
    expect((await user.post('/api/templates/no-such-template/goals', {})).statusCode).toBe(404);
    expect((await user.post('/api/templates', { goal_id: 'no-such-goal' })).statusCode).toBe(404);
    const { goal } = await createGoal(user, { title: 'Empty' });
    const empty = await user.post('/api/templates', { goal_id: goal.id });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      error: 'Add at least one task to this goal before saving it as a template',
      details: { field: 'goal_id' },
    });
  });

  it("refuses another user's template and goal as not found, and leaks nothing", async () => {
    const owner = await registeredUser(t, 'tmpl-owner@example.com');
    const other = await registeredUser(t, 'tmpl-other@example.com');
    await activateSubscription(t, owner.userId, 'starter');
    await activateSubscription(t, other.userId, 'starter');
    const { goal } = await createGoal(owner, { title: 'OWNER-GOAL-x1' });
    await owner.post(`/api/goals/${goal.id}/tasks`, { tasks: [{ title: 'OWNER-TASK-x2' }] });
    const { template } = (await owner.post('/api/templates', { goal_id: goal.id })).json();

    for (const response of [
      await other.post(`/api/templates/${template.id}/goals`, {}),
      await other.delete(`/api/templates/${template.id}`),
      await other.post('/api/templates', { goal_id: goal.id }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('OWNER-');
    }
    expect((await other.get('/api/templates')).body).not.toContain('OWNER-');
    expect((await owner.get('/api/templates')).json().own).toHaveLength(1);

    // Its stream can be audited (state replayed) by its owner only.
    const audited = await owner.get(`/api/audit/streams/template-${template.id}/state`);
    expect(audited.statusCode, audited.body).toBe(200);
    expect(audited.json()).toMatchObject({ version: 1, state: { templateId: template.id, deleted: false } });
    expect((await other.get(`/api/audit/streams/template-${template.id}/state`)).statusCode).toBe(404);
  });
});
