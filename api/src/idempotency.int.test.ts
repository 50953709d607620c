import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { addDays, localDateOf } from '@stride/domain/dates/local-date';
import { activateSubscription, createGoal, registeredUser } from '../test/fixtures';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app';

/**
 * Idempotency-Key on every command route (issue 11, defect 5): the same request with the same key, sent
 * several times at once, again afterwards, and again after a crash that lost the stored response (only
 * the result stored with the events remains), always gets the first answer and applies the command once.
 */

interface Call {
  readonly method: 'POST' | 'PATCH' | 'DELETE';
  readonly url: string;
  readonly body?: Record<string, unknown>;
}

interface Case {
  readonly name: string;
  readonly status: number;
  /** Signs in (and prepares what the command needs); returns the caller and the call. */
  readonly setup: (t: TestApp, email: string) => Promise<{ client: TestClient; call: Call }>;
}

const DAY = 86_400_000;
/** Days the app's clock runs ahead of the wall clock (the overdue case moves it to make a task overdue). */
let daysAhead = 0;
const now = () => new Date(Date.now() + daysAhead * DAY);
const today = () => localDateOf(now(), 'UTC');
const ADMIN_EMAIL = 'idem-admin@example.com';

const withGoal = async (t: TestApp, email: string) => {
  const client = await registeredUser(t, email);
  const { goal } = await createGoal(client, { title: 'Run a 10k' });
  return { client, goalId: goal.id };
};

const withTask = async (t: TestApp, email: string, done = false) => {
  const { client, goalId } = await withGoal(t, email);
  const added = await client.post(`/api/goals/${goalId}/tasks`, { tasks: [{ title: 'Warm up' }] });
  const taskId = added.json<{ tasks: { id: string }[] }>().tasks[0]!.id;
  if (done) expect((await client.post(`/api/goals/${goalId}/tasks/${taskId}/complete`)).statusCode).toBe(200);
  return { client, goalId, taskId, base: `/api/goals/${goalId}/tasks/${taskId}` };
};

const withCollection = async (t: TestApp, email: string) => {
  const { client, goalId } = await withGoal(t, email);
  const created = await client.post('/api/collections', { name: 'Health' });
  const collectionId = created.json<{ collection: { id: string } }>().collection.id;
  return { client, goalId, collectionId };
};

/** A task with AI sub-steps (the embedded planner's breakdown of the task). */
const withSubtask = async (t: TestApp, email: string) => {
  const { client, goalId, taskId, base } = await withTask(t, email);
  const broken = await client.post(`${base}/breakdown`, {});
  expect(broken.statusCode, broken.body).toBe(200);
  const subtaskId = broken.json<{ subtasks: { id: string }[] }>().subtasks[0]!.id;
  return { client, goalId, taskId, subtaskBase: `${base}/subtasks/${subtaskId}` };
};

/** One reviewed draft step, as the draft page sends it to save. */
const draftStep = { title: 'Buy running shoes', estimated_minutes: 30, energy_level: 'low' };

const cases: readonly Case[] = [
  {
    name: 'POST /api/user/ensure-user-exists',
    status: 200,
    setup: async (t, email) => ({
      client: await t.signIn(email),
      call: { method: 'POST', url: '/api/user/ensure-user-exists', body: { email, name: 'Ann' } },
    }),
  },
  {
    name: 'POST /api/user/update-preferences-simple',
    status: 200,
    setup: async (t, email) => ({
      client: await registeredUser(t, email),
      call: { method: 'POST', url: '/api/user/update-preferences-simple', body: { preferences: { theme: 'dark' } } },
    }),
  },
  {
    name: 'POST /api/user/complete-onboarding',
    status: 200,
    setup: async (t, email) => ({
      client: await registeredUser(t, email),
      call: { method: 'POST', url: '/api/user/complete-onboarding' },
    }),
  },
  {
    name: 'POST /api/user/time-zone',
    status: 200,
    setup: async (t, email) => ({
      client: await registeredUser(t, email),
      call: { method: 'POST', url: '/api/user/time-zone', body: { timeZone: 'America/Los_Angeles' } },
    }),
  },
  {
    name: 'POST /api/usage/check-and-reset',
    status: 200,
    setup: async (t, email) => {
      const client = await registeredUser(t, email);
      return { client, call: { method: 'POST', url: '/api/usage/check-and-reset', body: { userId: client.userId } } };
    },
  },
  {
    name: 'POST /api/goals/create-simple',
    status: 201,
    setup: async (t, email) => ({
      client: await registeredUser(t, email),
      call: { method: 'POST', url: '/api/goals/create-simple', body: { title: 'Swim' } },
    }),
  },
  {
    name: 'POST /api/goals/update',
    status: 200,
    setup: async (t, email) => {
      const { client, goalId } = await withGoal(t, email);
      return {
        client,
        call: { method: 'POST', url: '/api/goals/update', body: { goalId, updates: { status: 'completed' } } },
      };
    },
  },
  {
    name: 'POST /api/goals/delete',
    status: 200,
    setup: async (t, email) => {
      const { client, goalId } = await withGoal(t, email);
      return { client, call: { method: 'POST', url: '/api/goals/delete', body: { goalId } } };
    },
  },
  {
    name: 'POST /api/goals/:goalId/tasks',
    status: 200,
    setup: async (t, email) => {
      const { client, goalId } = await withGoal(t, email);
      return {
        client,
        call: { method: 'POST', url: `/api/goals/${goalId}/tasks`, body: { tasks: [{ title: 'Stretch' }] } },
      };
    },
  },
  {
    name: 'POST /api/goals/:goalId/tasks/reorder',
    status: 200,
    setup: async (t, email) => {
      const { client, goalId } = await withGoal(t, email);
      const added = await client.post(`/api/goals/${goalId}/tasks`, {
        tasks: [{ title: 'Warm up' }, { title: 'Run' }],
      });
      const taskIds = added.json<{ tasks: { id: string }[] }>().tasks.map((task) => task.id);
      return {
        client,
        call: { method: 'POST', url: `/api/goals/${goalId}/tasks/reorder`, body: { task_ids: taskIds.reverse() } },
      };
    },
  },
  {
    name: 'POST /api/goals/:goalId/breakdown',
    status: 200,
    setup: async (t, email) => {
      const { client, goalId } = await withGoal(t, email);
      return { client, call: { method: 'POST', url: `/api/goals/${goalId}/breakdown` } };
    },
  },
  ...(['start', 'complete'] as const).map((action): Case => ({
    name: `POST /api/goals/:goalId/tasks/:taskId/${action}`,
    status: 200,
    setup: async (t, email) => {
      const { client, base } = await withTask(t, email);
      return { client, call: { method: 'POST', url: `${base}/${action}` } };
    },
  })),
  {
    name: 'POST /api/goals/:goalId/tasks/:taskId/reopen',
    status: 200,
    setup: async (t, email) => {
      const { client, base } = await withTask(t, email, true);
      return { client, call: { method: 'POST', url: `${base}/reopen` } };
    },
  },
  {
    name: 'POST /api/goals/:goalId/tasks/:taskId/log-time',
    status: 200,
    setup: async (t, email) => {
      const { client, base } = await withTask(t, email);
      return { client, call: { method: 'POST', url: `${base}/log-time`, body: { actual_minutes: 15 } } };
    },
  },
  {
    name: 'PATCH /api/goals/:goalId/tasks/:taskId',
    status: 200,
    setup: async (t, email) => {
      const { client, base } = await withTask(t, email);
      return { client, call: { method: 'PATCH', url: base, body: { title: 'Warm up well' } } };
    },
  },
  {
    name: 'DELETE /api/goals/:goalId/tasks/:taskId',
    status: 200,
    setup: async (t, email) => {
      const { client, base } = await withTask(t, email);
      return { client, call: { method: 'DELETE', url: base } };
    },
  },
  {
    name: 'POST /api/templates',
    status: 201,
    setup: async (t, email) => {
      const { client, goalId } = await withTask(t, email);
      await activateSubscription(t, client.userId, 'starter');
      return { client, call: { method: 'POST', url: '/api/templates', body: { goal_id: goalId } } };
    },
  },
  {
    name: 'DELETE /api/templates/:id',
    status: 200,
    setup: async (t, email) => {
      const { client, goalId } = await withTask(t, email);
      await activateSubscription(t, client.userId, 'starter');
      const saved = await client.post('/api/templates', { goal_id: goalId });
      const templateId = saved.json<{ template: { id: string } }>().template.id;
      return { client, call: { method: 'DELETE', url: `/api/templates/${templateId}` } };
    },
  },
  {
    name: 'POST /api/templates/:id/goals',
    status: 201,
    setup: async (t, email) => {
      const client = await registeredUser(t, email);
      await activateSubscription(t, client.userId, 'starter');
      return { client, call: { method: 'POST', url: '/api/templates/builtin-run-5k/goals', body: {} } };
    },
  },
  {
    name: 'POST /api/collections',
    status: 201,
    setup: async (t, email) => ({
      client: await registeredUser(t, email),
      call: { method: 'POST', url: '/api/collections', body: { name: 'Work' } },
    }),
  },
  {
    name: 'PATCH /api/collections/:id',
    status: 200,
    setup: async (t, email) => {
      const { client, collectionId } = await withCollection(t, email);
      return { client, call: { method: 'PATCH', url: `/api/collections/${collectionId}`, body: { name: 'Fitness' } } };
    },
  },
  {
    name: 'POST /api/collections/:id/goals',
    status: 200,
    setup: async (t, email) => {
      const { client, collectionId, goalId } = await withCollection(t, email);
      return { client, call: { method: 'POST', url: `/api/collections/${collectionId}/goals`, body: { goalId } } };
    },
  },
  {
    name: 'DELETE /api/collections/:id/goals/:goalId',
    status: 200,
    setup: async (t, email) => {
      const { client, collectionId, goalId } = await withCollection(t, email);
      const added = await client.post(`/api/collections/${collectionId}/goals`, { goalId });
      expect(added.statusCode).toBe(200);
      return { client, call: { method: 'DELETE', url: `/api/collections/${collectionId}/goals/${goalId}` } };
    },
  },
  {
    name: 'DELETE /api/collections/:id',
    status: 200,
    setup: async (t, email) => {
      const { client, collectionId } = await withCollection(t, email);
      return { client, call: { method: 'DELETE', url: `/api/collections/${collectionId}` } };
    },
  },
  {
    name: 'POST /api/db/query goals insert',
    status: 200,
    setup: async (t, email) => ({
      client: await registeredUser(t, email),
      call: {
        method: 'POST',
        url: '/api/db/query',
        body: { table: 'goals', operation: 'insert', data: { title: 'Row' } },
      },
    }),
  },
  {
    name: 'POST /api/db/query goals update',
    status: 200,
    setup: async (t, email) => {
      const { client, goalId } = await withGoal(t, email);
      const body = { table: 'goals', operation: 'update', filters: { id: goalId }, data: { status: 'completed' } };
      return { client, call: { method: 'POST', url: '/api/db/query', body } };
    },
  },
  {
    name: 'POST /api/db/query goals delete',
    status: 200,
    setup: async (t, email) => {
      const { client, goalId } = await withGoal(t, email);
      const body = { table: 'goals', operation: 'delete', filters: { id: goalId } };
      return { client, call: { method: 'POST', url: '/api/db/query', body } };
    },
  },
  {
    name: 'POST /api/db/query tasks insert',
    status: 200,
    setup: async (t, email) => {
      const { client, goalId } = await withGoal(t, email);
      const body = { table: 'tasks', operation: 'insert', data: { goal_id: goalId, title: 'Row task' } };
      return { client, call: { method: 'POST', url: '/api/db/query', body } };
    },
  },
  {
    name: 'POST /api/db/query tasks update',
    status: 200,
    setup: async (t, email) => {
      const { client, taskId, goalId } = await withTask(t, email);
      const body = {
        table: 'tasks',
        operation: 'update',
        filters: { id: taskId, goal_id: goalId },
        data: { status: 'done' },
      };
      return { client, call: { method: 'POST', url: '/api/db/query', body } };
    },
  },
  {
    name: 'POST /api/db/query tasks delete',
    status: 200,
    setup: async (t, email) => {
      const { client, taskId, goalId } = await withTask(t, email);
      const body = { table: 'tasks', operation: 'delete', filters: { id: taskId, goal_id: goalId } };
      return { client, call: { method: 'POST', url: '/api/db/query', body } };
    },
  },
  {
    name: 'POST /api/db/query user_data update',
    status: 200,
    setup: async (t, email) => ({
      client: await registeredUser(t, email),
      call: {
        method: 'POST',
        url: '/api/db/query',
        body: { table: 'user_data', operation: 'update', data: { preferences: { theme: 'light' } } },
      },
    }),
  },
  {
    name: 'POST /api/user/delete-my-account',
    status: 200,
    setup: async (t, email) => {
      const { client } = await withGoal(t, email);
      return { client, call: { method: 'POST', url: '/api/user/delete-my-account' } };
    },
  },
  {
    name: 'POST /api/admin/users/:userId/erase',
    status: 200,
    setup: async (t, email) => {
      const { client: target } = await withGoal(t, email);
      return {
        client: await registeredUser(t, ADMIN_EMAIL),
        call: { method: 'POST', url: `/api/admin/users/${target.userId}/erase` },
      };
    },
  },
  ...(
    [
      ['schedule', () => ({ do_date: addDays(today(), 1) })],
      ['due-date', () => ({ due_date: addDays(today(), 7) })],
      ['recurrence', () => ({ rule: { kind: 'daily' } })],
    ] as const
  ).map(([action, body]): Case => ({
    name: `POST /api/goals/:goalId/tasks/:taskId/${action}`,
    status: 200,
    setup: async (t, email) => {
      const { client, base } = await withTask(t, email);
      return { client, call: { method: 'POST', url: `${base}/${action}`, body: body() } };
    },
  })),
  {
    name: 'PATCH /api/goals/:goalId/tasks/:taskId/occurrence',
    status: 200,
    setup: async (t, email) => {
      const { client, base } = await withTask(t, email);
      const recurring = await client.post(`${base}/recurrence`, { rule: { kind: 'daily' } });
      expect(recurring.statusCode, recurring.body).toBe(200);
      return {
        client,
        call: { method: 'PATCH', url: `${base}/occurrence`, body: { estimated_minutes: 20, scope: 'future' } },
      };
    },
  },
  {
    name: 'POST /api/goals/:goalId/tasks/:taskId/breakdown',
    status: 200,
    setup: async (t, email) => {
      const { client, base } = await withTask(t, email);
      return { client, call: { method: 'POST', url: `${base}/breakdown`, body: { granularity: 'tiny' } } };
    },
  },
  ...(['complete', 'reopen'] as const).map((action): Case => ({
    name: `POST /api/goals/:goalId/tasks/:taskId/subtasks/:subtaskId/${action}`,
    status: 200,
    setup: async (t, email) => {
      const { client, subtaskBase } = await withSubtask(t, email);
      if (action === 'reopen') expect((await client.post(`${subtaskBase}/complete`)).statusCode).toBe(200);
      return { client, call: { method: 'POST', url: `${subtaskBase}/${action}` } };
    },
  })),
  {
    name: 'DELETE /api/goals/:goalId/tasks/:taskId/subtasks/:subtaskId',
    status: 200,
    setup: async (t, email) => {
      const { client, subtaskBase } = await withSubtask(t, email);
      return { client, call: { method: 'DELETE', url: subtaskBase } };
    },
  },
  {
    // With an Idempotency-Key the draft is answered as JSON, never streamed (a stream cannot be replayed).
    name: 'POST /api/goals/:goalId/breakdown/draft',
    status: 200,
    setup: async (t, email) => {
      const { client, goalId } = await withGoal(t, email);
      return {
        client,
        call: { method: 'POST', url: `/api/goals/${goalId}/breakdown/draft`, body: { granularity: 'tiny' } },
      };
    },
  },
  {
    name: 'POST /api/goals/:goalId/breakdown/draft/save',
    status: 200,
    setup: async (t, email) => {
      const { client, goalId } = await withGoal(t, email);
      return {
        client,
        call: { method: 'POST', url: `/api/goals/${goalId}/breakdown/draft/save`, body: { steps: [draftStep] } },
      };
    },
  },
  {
    name: 'POST /api/planner/overdue/move',
    status: 200,
    setup: async (t, email) => {
      const { client, base } = await withTask(t, email);
      expect((await client.post(`${base}/schedule`, { do_date: today() })).statusCode).toBe(200);
      daysAhead += 1; // the task planned for today is overdue tomorrow
      return { client, call: { method: 'POST', url: '/api/planner/overdue/move', body: { target: 'today' } } };
    },
  },
  {
    name: 'POST /api/planner/quick-add',
    status: 200,
    setup: async (t, email) => {
      const { client } = await withGoal(t, email);
      return {
        client,
        call: { method: 'POST', url: '/api/planner/quick-add', body: { text: 'Call the coach tomorrow 15m' } },
      };
    },
  },
  {
    name: 'POST /api/planner/import',
    status: 200,
    setup: async (t, email) => {
      const { client } = await withTask(t, email);
      await activateSubscription(t, client.userId); // the import adds goals beyond the free plan's limit
      const exported = await client.get('/api/planner/export.json');
      expect(exported.statusCode).toBe(200);
      return { client, call: { method: 'POST', url: '/api/planner/import', body: exported.json() } };
    },
  },
  {
    name: 'POST /api/planner/import/todoist',
    status: 200,
    setup: async (t, email) => {
      const client = await registeredUser(t, email);
      const csv = await readFile(
        new URL('../../domain/src/exchange/fixtures/todoist-sample.csv', import.meta.url),
        'utf8',
      );
      return { client, call: { method: 'POST', url: '/api/planner/import/todoist', body: { csv } } };
    },
  },
  {
    // Each issue makes a new secret URL: a retry must get the first one, not a second that revokes it.
    name: 'POST /api/planner/calendar-feed',
    status: 200,
    setup: async (t, email) => ({
      client: await registeredUser(t, email),
      call: { method: 'POST', url: '/api/planner/calendar-feed' },
    }),
  },
  {
    name: 'DELETE /api/planner/calendar-feed',
    status: 200,
    setup: async (t, email) => {
      const client = await registeredUser(t, email);
      expect((await client.post('/api/planner/calendar-feed')).statusCode).toBe(200);
      return { client, call: { method: 'DELETE', url: '/api/planner/calendar-feed' } };
    },
  },
];

describe('Idempotency-Key on every command route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock: now, env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (client: TestClient, { method, url, body }: Call, key: string) =>
    client.request({
      method,
      url,
      ...((body ?? method === 'POST') && { payload: body ?? {} }),
      headers: { 'idempotency-key': key },
    });
  const answer = (response: LightMyRequestResponse) => ({ status: response.statusCode, body: response.json() });
  /** Forgets the response sent, as a crash between commit and reply would: only the stored result remains. */
  const loseResponse = (userId: string, key: string) =>
    t.services.pool.query(
      'UPDATE command_idempotency SET status_code = NULL, response = NULL WHERE user_id = $1 AND idempotency_key = $2',
      [userId, key],
    );
  /** The transactions that appended events under this key: a command applied once has at most one. */
  const appliedTimes = async (userId: string, key: string) => {
    const { rows } = await t.services.pool.query<{ count: string }>(
      `SELECT count(DISTINCT transaction_id) FROM events
        WHERE metadata->>'userId' = $1 AND metadata->>'requestIdempotencyKey' = $2`,
      [userId, key],
    );
    return Number(rows[0]!.count);
  };

  it('covers every command route of the app', () => {
    // Every write route under these prefixes runs a command, except those that store nothing.
    const commandPrefixes = /^\/api\/(goals|collections|templates|user|usage|db|planner|admin)(\/|$)/;
    const reads = new Set([
      // Only reads the counters.
      'POST /api/usage/increment',
      // Another step for a draft in the browser: stores nothing and counts no AI generation (not a command).
      'POST /api/goals/:goalId/breakdown/draft/regenerate-step',
    ]);
    // printRoutes draws a tree (4 characters a level); the full path is the parents' segments joined.
    const parents: string[] = [];
    const writes = new Set<string>();
    for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const match = /^([│ ]*)[├└]── (\S+) \(([A-Z, ]+)\)$/.exec(line);
      if (!match) continue;
      const depth = match[1]!.length / 4;
      const url = (parents[depth - 1] ?? '') + match[2]!;
      parents.length = depth;
      parents.push(url);
      const path = url.replace(/\/$/, '');
      for (const method of match[3]!.split(', ')) {
        const route = `${method} ${path}`;
        if (!['GET', 'HEAD'].includes(method) && commandPrefixes.test(path) && !reads.has(route)) writes.add(route);
      }
    }
    const covered = new Set(cases.map((testCase) => testCase.name.replace(/ (goals|tasks|user_data) \w+$/, '')));
    expect([...writes].filter((route) => !covered.has(route))).toEqual([]);
    expect(writes.size).toBe(44);
  });

  it.each(cases.map((testCase, index) => [testCase.name, testCase, index] as const))(
    '%s replays the first answer: concurrent, sequential and after a crash',
    async (_name, { setup, status }, index) => {
      const { client, call } = await setup(t, `idem-${index}@example.com`);
      const key = `key-${index}`;

      const concurrent = await Promise.all([1, 2, 3, 4].map(() => send(client, call, key)));
      const first = answer(concurrent[0]!);
      expect(first.status, JSON.stringify(first.body)).toBe(status);
      for (const response of concurrent) expect(answer(response)).toEqual(first);
      expect(concurrent.filter((response) => response.headers['idempotent-replayed'] === 'true')).toHaveLength(3);

      const again = await send(client, call, key);
      expect(answer(again)).toEqual(first);
      expect(again.headers['idempotent-replayed']).toBe('true');

      await loseResponse(client.userId, key);
      const afterCrash = await send(client, call, key);
      expect(answer(afterCrash)).toEqual(first);
      expect(afterCrash.headers['idempotent-replayed']).toBe('true');
      expect(await appliedTimes(client.userId, key)).toBeLessThanOrEqual(1);
    },
  );

  it('a command that had nothing to do keeps its key too: a retry replays "moved 0", it does not move what is overdue now', async () => {
    // A concurrent duplicate of overdue/move that read the planner after the first had moved everything
    // found nothing to do and answered without claiming the key: "moved 0" instead of the first answer.
    const { client, base } = await withTask(t, 'idem-nothing-to-do@example.com');
    const call: Call = { method: 'POST', url: '/api/planner/overdue/move', body: { target: 'today' } };
    const first = await send(client, call, 'nothing-yet');
    expect(answer(first)).toEqual({ status: 200, body: { moved: 0, do_date: today(), position: null } });
    expect((await client.post(`${base}/schedule`, { do_date: today() })).statusCode).toBe(200);
    daysAhead += 1; // now the task is overdue
    const retry = await send(client, call, 'nothing-yet');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(answer(retry)).toEqual(answer(first));
    const fresh = await send(client, call, 'another-key');
    expect(fresh.json()).toMatchObject({ moved: 1 });
  });
});
