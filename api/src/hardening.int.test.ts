import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateSubscription, createGoal, registeredUser } from '../test/fixtures';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app';

/**
 * Regressions of issue 11 ("every input, every order, every caller"): each case failed on the code before
 * the fix. The class-wide suites are api/src/every-route.int.test.ts (hostile input on every route),
 * api/src/cross-user.int.test.ts (another user's ids on every route, and no existence oracle) and
 * api/src/idempotency.int.test.ts (every command route).
 */
describe('issue 11 regressions', () => {
  let t: TestApp;
  let ada: TestClient;
  beforeAll(async () => {
    t = await startTestApp();
    ada = await registeredUser(t, 'ada@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  const fieldOf = (response: { json: () => unknown }) =>
    (response.json() as { details?: { field?: string } }).details?.field;

  describe('1. text the database cannot store is a 400 naming the field', () => {
    it.each([
      ['/api/goals/create-simple', { title: 'nul\u0000x' }, 'title'],
      ['/api/goals/create-simple', { title: 'ok', description: 'lone \ud800' }, 'description'],
      ['/api/goals/create-simple', { title: 'lone low \udc00 first' }, 'title'],
      ['/api/collections', { name: 'lone \ud800' }, 'name'],
      [
        '/api/analytics/events',
        { event: 'page_view', context: { sessionId: 's1', timestamp: new Date().toISOString(), path: '/x\ud800' } },
        'context.path',
      ],
    ])('POST %s %j', async (url, body, field) => {
      const response = await ada.post(url, body);
      expect(response.statusCode).toBe(400);
      expect(fieldOf(response)).toBe(field);
    });

    it('a NUL in a key is named too', async () => {
      const response = await ada.post('/api/user/update-preferences-simple', {
        userId: ada.userId,
        preferences: { 'a\u0000b': 1 },
      });
      expect(response.statusCode).toBe(400);
      expect(fieldOf(response)).toMatch(/^preferences\./);
    });

    it('in a path id', async () => {
      for (const url of ['/api/goals/a%00b', '/api/collections/x%00', '/api/goals/g1/tasks/%00']) {
        const response = url.includes('tasks') ? await ada.patch(url, {}) : await ada.get(url);
        expect(response.statusCode, `${url} ${response.body}`).toBe(400);
        expect(fieldOf(response), url).toMatch(/^(goalId|id|taskId)$/);
      }
    });

    it('in a query', async () => {
      const response = await ada.get('/api/goals/list?status=%00');
      expect(response.statusCode).toBe(400);
      expect(fieldOf(response)).toBe('status');
    });

    it('deeply nested JSON with an Idempotency-Key is a 400 at the parser, and the server keeps answering', async () => {
      const depth = 100_000;
      const payload = `{"title":"deep","description":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      const response = await ada.request({
        method: 'POST',
        url: '/api/goals/create-simple',
        payload,
        headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-1' },
      });
      expect(response.statusCode).toBe(400);
      expect(fieldOf(response)).toBe('body');
      expect((await ada.get('/api/goals/list')).statusCode).toBe(200);
    });
  });

  describe('3. return URLs are compared by origin after parsing', () => {
    it.each(['/\\evil.example/x', '/\t/evil.example/x', '\\\\evil.example/x'])(
      'checkout successUrl %j',
      async (url) => {
        const response = await ada.post('/api/stripe/create-checkout-session-simple', {
          priceId: 'price_pro',
          successUrl: url,
        });
        expect(response.statusCode).toBe(400);
        expect(fieldOf(response)).toBe('successUrl');
      },
    );

    it.each(['/api/stripe/create-billing-portal-session', '/api/stripe/create-billing-portal-simple'])(
      '%s returnUrl',
      async (path) => {
        for (const returnUrl of ['/\\evil.example/x', '/\t/evil.example/x']) {
          const response = await ada.post(path, { email: ada.email, returnUrl });
          expect(response.statusCode, returnUrl).toBe(400);
          expect(fieldOf(response)).toBe('returnUrl');
        }
      },
    );
  });

  describe("9. no existence oracle: creating with another user's id", () => {
    /** Status and body shape, with the ids and times a fresh create makes anyway left out. */
    const shapeOf = (response: { statusCode: number; json: () => unknown }) => {
      const body = response.json() as Record<string, Record<string, unknown>>;
      const [key] = Object.keys(body).filter((k) => k !== 'position');
      const { id, user_id, created_at: _created, updated_at: _updated, ...rest } = body[key ?? ''] ?? {};
      return { status: response.statusCode, keys: Object.keys(body).sort(), key, rest, typed: [typeof id, user_id] };
    };

    it("answers as a fresh id would, creates the caller's own, and leaves the owner's untouched", async () => {
      const owner = await registeredUser(t, 'oracle-owner@example.com');
      const other = await registeredUser(t, 'oracle-other@example.com');
      await activateSubscription(t, other.userId); // room for three goals this month
      const { goal: ownersGoal } = await createGoal(owner, { title: 'Private plan' });
      const ownersCollection = (await owner.post('/api/collections', { name: 'Private shelf' })).json().collection;
      const before = {
        goal: (await owner.get(`/api/goals/${ownersGoal.id}`)).json(),
        collection: (await owner.get(`/api/collections/${ownersCollection.id}`)).json(),
        goals: (await owner.get('/api/goals/list')).json(),
      };

      const goalBody = { title: 'Probe', description: 'd' };
      const taken = await other.post('/api/goals/create-simple', { ...goalBody, id: ownersGoal.id });
      const fresh = await other.post('/api/goals/create-simple', { ...goalBody, id: 'never-used-goal-id' });
      expect(taken.statusCode).toBe(201);
      expect(shapeOf(taken)).toEqual({ ...shapeOf(fresh), typed: ['string', other.userId] });
      expect(taken.json().goal.id).not.toBe(ownersGoal.id);

      const collectionBody = { name: 'Probe' };
      const takenCollection = await other.post('/api/collections', { ...collectionBody, id: ownersCollection.id });
      const freshCollection = await other.post('/api/collections', { ...collectionBody, id: 'never-used-col-id' });
      expect(takenCollection.statusCode).toBe(201);
      expect(shapeOf(takenCollection)).toEqual({ ...shapeOf(freshCollection), typed: ['string', other.userId] });
      expect(takenCollection.json().collection.id).not.toBe(ownersCollection.id);

      // /api/db/query's goals insert is the same command (a third user: the other's key is used now)
      const third = await registeredUser(t, 'oracle-third@example.com');
      const viaGate = await third.post('/api/db/query', {
        table: 'goals',
        operation: 'insert',
        data: { id: ownersGoal.id, title: 'Probe via gate' },
      });
      expect(viaGate.statusCode).toBeLessThan(300);

      // what the other user made is theirs; the owner's goal and collection are as they were
      expect((await other.get(`/api/goals/${taken.json().goal.id}`)).json().title).toBe('Probe');
      expect((await other.get(`/api/goals/${ownersGoal.id}`)).statusCode).toBe(404);
      expect((await other.get(`/api/collections/${ownersCollection.id}`)).statusCode).toBe(404);
      expect((await owner.get(`/api/goals/${ownersGoal.id}`)).json()).toEqual(before.goal);
      expect((await owner.get(`/api/collections/${ownersCollection.id}`)).json()).toEqual(before.collection);
      expect((await owner.get('/api/goals/list')).json()).toEqual(before.goals);
    });

    it("a template saved with another user's template id is the caller's own; the owner's is untouched", async () => {
      const owner = await registeredUser(t, 'oracle-template-owner@example.com');
      const other = await registeredUser(t, 'oracle-template-other@example.com');
      for (const user of [owner, other]) await activateSubscription(t, user.userId); // templates come with a plan
      const withTask = async (user: typeof owner) => {
        const { goal } = await createGoal(user, { title: 'Plan to keep' });
        expect((await user.post(`/api/goals/${goal.id}/tasks`, { tasks: [{ title: 'A step' }] })).statusCode).toBe(200);
        return goal.id;
      };
      const ownersTemplate = (
        await owner.post('/api/templates', { goal_id: await withTask(owner), title: 'Mine' })
      ).json().template;
      const othersGoal = await withTask(other);
      const taken = await other.post('/api/templates', { goal_id: othersGoal, id: ownersTemplate.id, title: 'Probe' });
      const fresh = await other.post('/api/templates', {
        goal_id: othersGoal,
        id: 'never-used-tpl-id',
        title: 'Probe',
      });
      expect(taken.statusCode, taken.body).toBe(201);
      expect(shapeOf(taken).keys).toEqual(shapeOf(fresh).keys);
      expect(taken.json().template.id).not.toBe(ownersTemplate.id);
      const ownList = (await owner.get('/api/templates')).json<{ own: { id: string; title: string }[] }>().own;
      expect(ownList).toEqual([expect.objectContaining({ id: ownersTemplate.id, title: 'Mine' })]);
    });

    it("the owner's retry with its own key still finds its goal (409 without an Idempotency-Key, replay with one)", async () => {
      const owner = await registeredUser(t, 'oracle-retry@example.com');
      await activateSubscription(t, owner.userId);
      const first = await owner.post('/api/goals/create-simple', { id: 'my-key', title: 'Once' });
      expect(first.statusCode).toBe(201);
      expect((await owner.post('/api/goals/create-simple', { id: 'my-key', title: 'Once' })).statusCode).toBe(409);
      const keyed = { 'idempotency-key': 'oracle-retry-1' };
      const a = await owner.post('/api/goals/create-simple', { id: 'my-key-2', title: 'Twice' }, keyed);
      const b = await owner.post('/api/goals/create-simple', { id: 'my-key-2', title: 'Twice' }, keyed);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(b.json().goal.id).toBe(a.json().goal.id);
      expect(b.headers['idempotent-replayed']).toBe('true');
    });
  });

  describe('10. one calendar-date schema', () => {
    it.each(['2026-13-45', '2026-02-30', '0000-00-00', '2025-02-29'])(
      'POST /api/analytics/daily-metrics refuses %s',
      async (date) => {
        const response = await ada.post('/api/analytics/daily-metrics', { userId: ada.userId, date });
        expect(response.statusCode).toBe(400);
        expect(fieldOf(response)).toBe('date');
      },
    );

    it('a goal target_date error names target_date', async () => {
      const response = await ada.post('/api/goals/create-simple', { title: 'x', target_date: '2026-02-30' });
      expect(response.statusCode).toBe(400);
      expect(fieldOf(response)).toBe('target_date');
      const { goal } = await createGoal(ada, { target_date: '2028-02-29' });
      const update = await ada.post('/api/goals/update', { goalId: goal.id, updates: { target_date: '2026-02-30' } });
      expect(update.statusCode).toBe(400);
      expect(fieldOf(update)).toBe('updates.target_date');
    });
  });
});

describe('issue 11 regression 6: rate limiting before sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('limits requests with a bad or missing token per IP, and signed-in users per user', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const headers = i % 2 === 0 ? { authorization: 'Bearer not-a-token' } : {};
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/goals/list', headers })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const limited = await t.app.inject({ method: 'GET', url: '/api/goals/list', remoteAddress: '10.0.0.9' });
    expect(limited.statusCode).toBe(401); // another IP has its own budget
    const last = await t.app.inject({ method: 'GET', url: '/api/goals/list' });
    expect(last.headers['x-ratelimit-reset']).toBeDefined();
    expect(last.json()).toMatchObject({ code: 'rate_limited' });
  });
});
