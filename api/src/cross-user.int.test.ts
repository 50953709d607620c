import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredUser } from '../test/fixtures';
import { appWithRouteTable, fillPath, sampleWithIds, type RouteEntry } from '../test/route-table';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app';
import { victimWithData, type Victim } from '../test/victim';

/**
 * Issue 11, "done when": every route walked by a signed-in attacker with the victim's ids (in the path, the
 * query and every id-like body field). Whatever the status, no body holds the victim's data, a route whose
 * path names the victim's goal, task, collection or template refuses, and the victim's data is unchanged afterwards.
 */
describe('every route with another user’s ids', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let routes: RouteEntry[];
  let attacker: TestClient;
  let victim: Victim;
  let before: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
    ({ app, routes } = await appWithRouteTable(t));
    victim = await victimWithData(t);
    attacker = await registeredUser(t, 'attacker@example.com', 'Attacker');
    before = await victim.snapshot();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('refuses and leaks nothing', async () => {
    const idFor = (key: string): string | undefined => {
      const k = key.toLowerCase();
      if (k === 'goalid' || k === 'goal_id') return victim.goalId;
      if (k === 'taskid' || k === 'task_id') return victim.taskId;
      if (k === 'id' || k === 'collectionid') return victim.collectionId;
      if (k === 'userid' || k === 'user_id') return victim.client.userId;
      if (k === 'streamid') return `goal-${victim.goalId}`;
      return undefined;
    };
    const problems: string[] = [];
    let walked = 0;
    for (const route of routes) {
      if (route.url === '/api/health' || route.url === '/api/stripe/webhook') continue;
      const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      const idInPath = (name: string) =>
        name === 'id' && route.url.startsWith('/api/templates') ? victim.templateId : idFor(name);
      const segments = Object.fromEntries(names.map((name) => [name, encodeURIComponent(idInPath(name) ?? 'x')]));
      const query = route.querystring ? (sampleWithIds(route.querystring, idFor) as Record<string, unknown>) : {};
      const search = new URLSearchParams(
        Object.entries(query ?? {}).map(([key, value]): [string, string] => [key, String(value)]),
      ).toString();
      const url = fillPath(route.url, segments, 'x') + (search ? `?${search}` : '');
      const body = route.body ? sampleWithIds(route.body, idFor) : undefined;
      const response = await app.inject({
        method: route.method as 'GET',
        url,
        headers: { authorization: `Bearer ${attacker.token}` },
        ...(body !== undefined && route.method !== 'GET' && { payload: body as object }),
      });
      walked += 1;
      const where = `${route.method} ${url} ${JSON.stringify(body ?? null).slice(0, 200)} -> ${response.statusCode}`;
      for (const secret of victim.secrets) {
        if (response.body.includes(secret)) problems.push(`${where}: leaks ${secret}: ${response.body.slice(0, 300)}`);
      }
      const pathNamesVictimData = names.some((name) => ['goalId', 'taskId', 'id', 'streamId'].includes(name));
      if (pathNamesVictimData && response.statusCode < 400) {
        problems.push(`${where}: not refused: ${response.body.slice(0, 300)}`);
      }
      if (response.statusCode >= 500) problems.push(`${where}: ${response.body.slice(0, 300)}`);
    }
    expect(walked).toBeGreaterThan(40);
    expect(problems).toEqual([]);
    expect(await victim.snapshot()).toBe(before);
  }, 300_000);
});
