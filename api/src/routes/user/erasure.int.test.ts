import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { streamIds } from '@stride/domain/stream-ids';
import { verifyEventChains } from '@stride/platform/event-store/verify-integrity';
import { verifyProjection } from '@stride/projections/verify/verify-projection';
import { activateSubscription, createGoal, registeredUser } from '../../../test/fixtures';
import { startTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { startFakeClerkServer, type FakeClerkServer } from '@stride/testing/fake-clerk/fake-clerk-server';

const anyRow = z.record(z.string(), z.unknown());

/** Everything every table of the public schema holds, as text (what a database dump would show). */
async function postgresText(t: TestApp): Promise<string> {
  const { rows: tables } = await t.services.pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const { rows } = await t.services.pool.query<{ row: string }>(`SELECT t::text AS row FROM "${name}" t`);
    parts.push(`${name}: ${rows.map((row) => row.row).join('\n')}`);
  }
  return parts.join('\n');
}

/** Everything every analytics table holds, as text. */
async function clickhouseText(t: TestApp): Promise<string> {
  const client = t.stride.pipeline.analytics;
  const tables = await client.rows(
    `SELECT name FROM system.tables WHERE database = currentDatabase() AND engine NOT LIKE '%View%'`,
    {},
    z.object({ name: z.string() }),
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await client.rows(`SELECT * FROM ${name}`, {}, anyRow);
    parts.push(`${name}: ${JSON.stringify(rows)}`);
  }
  return parts.join('\n');
}

/** The analytics totals: events per type (each counted once), over every user. */
async function analyticsTotals(t: TestApp): Promise<Record<string, number>> {
  const rows = await t.stride.pipeline.analytics.rows(
    `SELECT event_type AS type, toUInt32(uniqExact(event_id)) AS n FROM domain_events
      WHERE event_type != 'UserErased' GROUP BY event_type ORDER BY event_type`,
    {},
    z.object({ type: z.string(), n: z.coerce.number() }),
  );
  return Object.fromEntries(rows.map((row) => [row.type, row.n]));
}

const secrets = {
  email: 'erin.erasable@example.com',
  name: 'Erin Erasable',
  goal: 'Secret marathon goal',
  description: 'Secret training description',
  task: 'Secret shoe task',
  collection: 'Secret collection name',
  motto: 'Secret motto',
  template: 'Secret template name',
};

/** Tables that keep an erased user's id on purpose (the rest must hold nothing of theirs), and why. */
const keptAfterErasure: Readonly<Record<string, string>> = {
  user_keys: 'the erasure itself: the user id with no key left',
  stripe_events: "webhook receipts by the provider's event id, kept so a redelivery is not applied twice",
};

/** Every table of the public schema with a column naming a user (user_id, or users.id). */
async function tablesNamingUsers(t: TestApp): Promise<Array<{ table: string; column: string }>> {
  const { rows } = await t.services.pool.query<{ table: string; column: string }>(
    `SELECT c.table_name AS table, c.column_name AS column FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
        AND (c.column_name = 'user_id' OR (c.table_name = 'users' AND c.column_name = 'id'))
      ORDER BY 1`,
  );
  return rows;
}

async function busyUser(t: TestApp, email: string, name: string, words: typeof secrets): Promise<TestClient> {
  const client = await registeredUser(t, email, name);
  const { goal } = await createGoal(client, { title: words.goal, description: words.description });
  const added = await client.post(`/api/goals/${goal.id}/tasks`, { tasks: [{ title: words.task }] });
  expect(added.statusCode).toBe(200);
  // A recurring series (its template holds the task's title) and sub-steps: read models of their own.
  const taskId = added.json<{ tasks: Array<{ id: string }> }>().tasks[0]!.id;
  const recurring = await client.post(`/api/goals/${goal.id}/tasks/${taskId}/recurrence`, { rule: { kind: 'daily' } });
  expect(recurring.statusCode, recurring.body).toBe(200);
  const broken = await client.post(`/api/goals/${goal.id}/tasks/${taskId}/breakdown`, {});
  expect(broken.statusCode, broken.body).toBe(200);
  // Logged time: the planner's time entries, rows of her own too.
  const logged = await client.post(`/api/goals/${goal.id}/tasks/${taskId}/log-time`, { actual_minutes: 25 });
  expect(logged.statusCode, logged.body).toBe(200);
  expect((await client.post('/api/collections', { name: words.collection })).statusCode).toBeLessThan(300);
  await client.post('/api/user/update-preferences-simple', { preferences: { motto: words.motto } });
  // A customer at the (test-mode) payment provider, as a checkout makes one: the erasure must delete it there.
  const customer = await t.services.billing.deps.gateway.createCustomer({ userId: client.userId, email, name });
  await activateSubscription(t, client.userId, 'pro', customer.id);
  // A goal template of her own (its name and task titles are personal: encrypted, erased with her).
  const saved = await client.post('/api/templates', { goal_id: goal.id, title: words.template });
  expect(saved.statusCode, saved.body).toBe(201);
  return client;
}

describe.each(['postgres', 'pglite'] as const)('erasing a user (crypto-shredding) on %s', (database) => {
  let t: TestApp;
  // Clerk's Backend API (a local fake): the erasure deletes the user's sign-in identity there.
  let clerk: FakeClerkServer;
  beforeAll(async () => {
    clerk = await startFakeClerkServer();
    t = await startTestApp({
      database,
      env: { ADMIN_EMAILS: 'auditor@example.com', CLERK_SECRET_KEY: clerk.secretKey, CLERK_API_URL: clerk.url },
    });
  });
  afterAll(async () => {
    await t.close();
    await clerk.close();
  });

  it('stores personal fields only as ciphertext, and reads them back as plaintext', async () => {
    const user = await busyUser(t, 'cipher@example.com', 'Cy Pher', {
      email: 'cipher@example.com',
      name: 'Cy Pher',
      goal: 'Plain goal title',
      description: 'Plain description',
      task: 'Plain task',
      collection: 'Plain collection',
      motto: 'Plain motto',
      template: 'Plain template',
    });
    const { rows } = await t.services.pool.query<{ data: string }>(
      `SELECT e.data::text AS data FROM events e JOIN streams s USING (stream_id) WHERE s.owner_id = $1`,
      [user.userId],
    );
    const stored = rows.map((row) => row.data).join('\n');
    expect(stored).toContain('"$pii"');
    expect(stored).not.toContain('Plain goal title');
    expect(stored).not.toContain('Plain template');
    expect(stored).not.toContain('cipher@example.com');
    const exported = await user.get('/api/user/export-my-data');
    expect(exported.body).toContain('Plain goal title');
    expect(exported.body).toContain('cipher@example.com');
  });

  it('deletes the account: no plaintext left in PostgreSQL or ClickHouse, chains valid, totals kept, replays work', async () => {
    const erin = await busyUser(t, secrets.email, secrets.name, secrets);
    await busyUser(t, 'bystander@example.com', 'Bob Bystander', {
      email: 'bystander@example.com',
      name: 'Bob Bystander',
      goal: 'Kept goal',
      description: 'Kept description',
      task: 'Kept task',
      collection: 'Kept collection',
      motto: 'Kept motto',
      template: 'Kept template',
    });
    // A private calendar feed (its URL's token is its credential): it answers until she is erased.
    const feed = await erin.post('/api/planner/calendar-feed', {});
    expect(feed.statusCode, feed.body).toBe(200);
    const erinFeed = new URL(feed.json<{ url: string }>().url).pathname;
    expect((await t.app.inject({ method: 'GET', url: erinFeed })).statusCode).toBe(200);

    await vi.waitFor(
      async () =>
        expect(await analyticsTotals(t)).toMatchObject({
          GoalCreated: 3,
          TasksBatchGenerated: 3,
          CalendarFeedIssued: 1,
        }),
      { timeout: 30_000, interval: 100 },
    );
    // Analytics never held a personal field, even before the erasure.
    const analyticsBefore = await clickhouseText(t);
    for (const secret of [secrets.goal, secrets.task, secrets.collection, secrets.description]) {
      expect(analyticsBefore).not.toContain(secret);
    }
    const totalsBefore = await analyticsTotals(t);

    const download = await erin.get('/api/user/export-my-data');
    expect(download.statusCode).toBe(200);
    for (const secret of Object.values(secrets)) expect(download.body).toContain(secret);

    const gateway = t.services.billing.deps.gateway;
    expect(await gateway.findCustomersByEmail(secrets.email)).toHaveLength(1);
    const bystanderId = (await t.signIn('bystander@example.com', 'Bob Bystander')).userId;
    clerk.setUser({ id: erin.userId, email: secrets.email });
    clerk.setUser({ id: bystanderId, email: 'bystander@example.com' });
    const erased = await erin.post('/api/user/delete-my-account');
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({ erased: true, stripeCustomersToDelete: 1 });
    // The workers delete her payment customer from the UserErased event in the log.
    await vi.waitFor(async () => expect(await gateway.findCustomersByEmail(secrets.email)).toEqual([]), {
      timeout: 30_000,
      interval: 100,
    });
    expect(await gateway.findCustomersByEmail('bystander@example.com')).toHaveLength(1);
    // ... and her sign-in identity at Clerk, so she can sign up again with her email as a new user.
    const identity = (id: string) =>
      clerk.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/users/${id}`);
    await vi.waitFor(() => expect(identity(erin.userId)).toHaveLength(1), { timeout: 30_000, interval: 100 });
    expect(identity(bystanderId)).toEqual([]);

    // PostgreSQL: no plaintext anywhere; the read models hold nothing of hers; the bystander is intact.
    const pgText = await postgresText(t);
    for (const secret of Object.values(secrets)) expect(pgText, secret).not.toContain(secret);
    expect(pgText).toContain('Kept goal');
    // Every table naming a user (found in the schema, so a new one cannot be forgotten) holds no row of hers,
    // but those that keep her id on purpose (keptAfterErasure says why).
    const tables = await tablesNamingUsers(t);
    expect(tables.map(({ table }) => table)).toEqual(
      expect.arrayContaining(['goals', 'task_time_entries', 'calendar_feeds']),
    );
    for (const { table, column } of tables) {
      if (table in keptAfterErasure) continue;
      const { rows } = await t.services.pool.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [erin.userId]);
      expect(rows, table).toEqual([]);
    }
    // Her private calendar feed no longer answers.
    expect((await t.app.inject({ method: 'GET', url: erinFeed })).statusCode).toBe(404);
    // The token she holds is not accepted again, so nothing she types could be stored under her erased key
    // as "[erased]"; a retry of the erasure still replays its answer. The bystander works on. (Signing in
    // again with her email starts a new account: the test after this one.)
    for (const refused of [
      await erin.get('/api/user/get-user-data-simple'),
      await erin.post('/api/goals/create-simple', { title: 'Back again', category: 'health' }),
    ]) {
      expect(refused.statusCode, refused.body).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'account_deleted' });
    }
    expect((await erin.post('/api/user/delete-my-account')).statusCode).not.toBe(401);
    const bystander = await t.signIn('bystander@example.com', 'Bob Bystander');
    expect((await bystander.get('/api/user/get-user-data-simple')).statusCode).toBe(200);

    // Every chain still verifies: the hashes cover the ciphertext, which is unchanged.
    expect((await verifyEventChains(t.services.pool)).broken).toEqual([]);

    // Replays read "[erased]" and agree with the tables (the rows are dropped on UserErased).
    const { events } = await t.services.eventStore.readStream(streamIds.user(erin.userId));
    expect(events[0]!.data).toMatchObject({ email: '[erased]', name: '[erased]' });
    expect(events.at(-1)!.type).toBe('UserErased');
    for (const projection of t.services.projections.projections) {
      const verification = await verifyProjection(t.services.pool, t.services.eventStore, projection);
      expect(verification.drift, projection.name).toEqual([]);
    }

    // ClickHouse: the erasure reached analytics; nothing names her; every total is what it was.
    await vi.waitFor(
      async () => {
        const text = await clickhouseText(t);
        expect(text).toContain('UserErased');
        for (const secret of Object.values(secrets)) expect(text, secret).not.toContain(secret);
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(await analyticsTotals(t)).toEqual(totalsBefore);
  }, 120_000);

  it("signing in again with a deleted account's email starts a new, empty account that keeps what is typed", async () => {
    const email = 'phoenix@example.com';
    const first = await registeredUser(t, email, 'Phoenix');
    await createGoal(first, { title: 'Goal of the first account' });
    expect((await first.post('/api/user/delete-my-account')).statusCode).toBe(200);

    const second = await t.signIn(email, 'Phoenix');
    expect(second.userId).not.toBe(first.userId);
    expect((await second.post('/api/user/ensure-user-exists', { email, name: 'Phoenix' })).statusCode).toBe(200);
    const profile = await second.get('/api/user/get-user-data-simple');
    expect([profile.statusCode, profile.json()]).toMatchObject([200, { email, name: 'Phoenix' }]);
    expect((await second.get('/api/goals/list')).json()).toEqual([]);
    const { goal } = await createGoal(second, { title: 'A fresh start' });
    expect((await second.get(`/api/goals/${goal.id}`)).json()).toMatchObject({ title: 'A fresh start' });
    // The old account's token stays refused, and the same email keeps reaching the new account.
    expect((await first.get('/api/goals/list')).json()).toMatchObject({ code: 'account_deleted' });
    expect((await t.signIn(email, 'Phoenix')).userId).toBe(second.userId);

    // Deleting the new account too makes way for a third.
    expect((await second.post('/api/user/delete-my-account')).statusCode).toBe(200);
    const third = await t.signIn(email, 'Phoenix');
    expect(new Set([first.userId, second.userId, third.userId]).size).toBe(3);
  });

  it("an admin erases a user; an admin's history of their goal shows [erased]; others may not erase", async () => {
    const admin = await registeredUser(t, 'auditor@example.com', 'Audrey Auditor');
    const target = await registeredUser(t, 'target@example.com', 'Tara Target');
    const { goal } = await createGoal(target, { title: 'Target goal' });

    expect((await target.post(`/api/admin/users/${admin.userId}/erase`)).statusCode).toBe(403);
    expect((await admin.post('/api/admin/users/nobody-at-all/erase')).statusCode).toBe(404);
    const erased = await admin.post(`/api/admin/users/${target.userId}/erase`);
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({ erased: true, stripeCustomersToDelete: 0 });
    // Her token is refused from then on, on every route; the admin's is not.
    const list = await target.get('/api/goals/list');
    expect([list.statusCode, list.json()]).toMatchObject([401, { code: 'account_deleted' }]);
    expect((await admin.get('/api/goals/list')).statusCode).toBe(200);

    const history = (await admin.get(`/api/audit/streams/goal-${goal.id}`)).json<{
      events: { decoded: { data: { title: string } } | null }[];
    }>();
    expect(history.events[0]!.decoded?.data.title).toBe('[erased]');
    const { rows } = await t.services.pool.query<{ data: string }>(
      `SELECT data::text AS data FROM events WHERE stream_id = $1 ORDER BY stream_version`,
      [streamIds.user(target.userId)],
    );
    expect(rows.at(-1)!.data).toContain('"by": "admin"');
  });
});
