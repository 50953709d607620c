import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoal, registeredUser } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';

interface AuditEvent {
  globalPosition: number;
  streamVersion: number;
  type: string;
  recordedAt: string;
  decoded: { schemaVersion: number; data: Record<string, unknown> } | null;
  decodeError: string | null;
}

/** GET /api/audit/streams/:streamId?at=&from=&to= on both databases the product runs on. */
describe.each(['postgres', 'pglite'] as const)('time travel on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database, env: { ADMIN_EMAILS: 'auditor@example.com' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers a goal's decoded history, its state at a position or a time and the difference between two points", async () => {
    const owner = await registeredUser(t, 'traveller@example.com');
    const { goal } = await createGoal(owner, { title: 'Before', category: 'health' });
    const stream = `/api/audit/streams/goal-${goal.id}`;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await owner.post('/api/goals/update', { goalId: goal.id, updates: { title: 'After' } });
    const added = await owner.post(`/api/goals/${goal.id}/tasks`, { tasks: [{ title: 'Buy shoes' }] });
    expect(added.statusCode).toBe(200);

    const history = (await owner.get(stream)).json();
    const events = history.events as AuditEvent[];
    expect(events.map((e) => e.type)).toEqual(['GoalCreated', 'GoalUpdated', 'TasksBatchGenerated']);
    expect(events[0]!.decoded).toMatchObject({ data: { title: 'Before', category: 'health' } });
    expect(events[1]!.decoded?.data).toMatchObject({ changes: { title: 'After' } });
    expect(events.every((e) => e.decodeError === null)).toBe(true);
    expect(history.state).toBeUndefined();
    expect(history.diff).toBeUndefined();

    const [created, updated] = events as [AuditEvent, AuditEvent];
    const atCreation = (await owner.get(`${stream}?at=${created.globalPosition}`)).json();
    expect(atCreation.events).toHaveLength(3);
    expect(atCreation.state).toMatchObject({
      at: String(created.globalPosition),
      version: 1,
      position: created.globalPosition,
      state: { title: 'Before', status: 'active', tasks: { items: [] } },
    });
    const byTime = (await owner.get(`${stream}?at=${encodeURIComponent(created.recordedAt)}`)).json();
    expect(byTime.state).toMatchObject({ version: 1, state: { title: 'Before' } });
    const beforeAnything = (await owner.get(`${stream}?at=0`)).json();
    expect(beforeAnything.state).toMatchObject({ version: 0, position: null, state: null });

    const diff = (await owner.get(`${stream}?from=${created.globalPosition}&to=${updated.globalPosition}`)).json();
    expect(diff.diff.from).toMatchObject({ version: 1, state: { title: 'Before' } });
    expect(diff.diff.to).toMatchObject({ version: 2, state: { title: 'After' } });
    expect(diff.diff.changes).toEqual([{ kind: 'changed', path: 'title', before: 'Before', after: 'After' }]);

    // `to` defaults to `at`, then to now; a task added is one change, named by its id.
    const taskId = (added.json().tasks as { id: string }[])[0]!.id;
    const toNow = (await owner.get(`${stream}?from=${updated.globalPosition}`)).json();
    expect(toNow.diff.to.version).toBe(3);
    expect(toNow.diff.changes).toEqual([
      expect.objectContaining({ kind: 'added', path: `tasks.items[${taskId}]` }),
      expect.objectContaining({ kind: 'added', path: 'tasks.lastBatch' }),
    ]);
    const viaAt = (await owner.get(`${stream}?at=${updated.globalPosition}&from=0`)).json();
    expect(viaAt.state.version).toBe(2);
    expect(viaAt.diff.changes).toEqual([expect.objectContaining({ kind: 'added', path: '' })]);
    const fromTime = (await owner.get(`${stream}?from=${encodeURIComponent(created.recordedAt)}`)).json();
    expect(fromTime.diff.from.version).toBe(1);
    expect(fromTime.diff.to.version).toBe(3);
  });

  it("travels a user's own stream", async () => {
    const owner = await registeredUser(t, 'profile-traveller@example.com', 'First Name');
    const registered = (await owner.get(`/api/audit/streams/user-${owner.userId}`)).json().events[0] as AuditEvent;
    await owner.post('/api/user/update-preferences-simple', { preferences: { theme: 'dark' } });
    const answer = (
      await owner.get(`/api/audit/streams/user-${owner.userId}?at=${registered.globalPosition}&from=0&to=now`)
    ).statusCode;
    expect(answer).toBe(400);
    const travelled = (
      await owner.get(
        `/api/audit/streams/user-${owner.userId}?at=${registered.globalPosition}&from=${registered.globalPosition}`,
      )
    ).json();
    expect(travelled.state.state).toMatchObject({ email: 'profile-traveller@example.com', name: 'First Name' });
    expect(travelled.diff.to.version).toBe(1);
    const latest = (
      await owner.get(`/api/audit/streams/user-${owner.userId}?from=${registered.globalPosition}`)
    ).json();
    expect(latest.diff.changes).toEqual([{ kind: 'added', path: 'preferences.theme', after: 'dark' }]);
  });

  it('rejects bad points with a 400 naming the field', async () => {
    const owner = await registeredUser(t, 'bad-points@example.com');
    const { goal } = await createGoal(owner, { title: 'Points' });
    const stream = `/api/audit/streams/goal-${goal.id}`;
    for (const [query, field] of [
      ['at=yesterday', 'at'],
      ['at=-1', 'at'],
      ['at=2026-13-01T00:00:00Z', 'at'],
      ['from=soon', 'from'],
      ['from=0&to=later', 'to'],
      ['to=5', 'from'],
    ] as const) {
      const response = await owner.get(`${stream}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details.field, query).toBe(field);
    }
    const events = (await owner.get(stream)).json().events as AuditEvent[];
    const late = await owner.get(`${stream}?from=${events[0]!.globalPosition}&to=0`);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'validation', details: { field: 'from' } });
  });

  it("keeps time travel to the stream's owner and admins", async () => {
    const owner = await registeredUser(t, 'tt-owner@example.com');
    const other = await registeredUser(t, 'tt-nosy@example.com');
    const admin = await registeredUser(t, 'auditor@example.com');
    const { goal } = await createGoal(owner, { title: 'Private past' });
    const stream = `/api/audit/streams/goal-${goal.id}?from=0`;
    expect((await other.get(stream)).statusCode).toBe(404);
    expect((await other.get(`/api/audit/streams/user-${owner.userId}?at=0`)).statusCode).toBe(404);
    expect((await owner.get(stream)).statusCode).toBe(200);
    const audited = await admin.get(stream);
    expect(audited.statusCode).toBe(200);
    expect(audited.json().diff.to.state).toMatchObject({ title: 'Private past' });
  });
});
