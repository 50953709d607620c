import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredUser } from '../test/fixtures';
import {
  appWithRouteTable,
  arbitraryOf,
  describesClientError,
  fillPath,
  pathSegment,
  type RouteEntry,
} from '../test/route-table';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app';
import { victimWithData, type Victim } from '../test/victim';

/**
 * Issue 11, "done when": generated and hostile inputs (arbitraries derived from each route's zod schemas,
 * leaves replaced by unstorable text, injections, look-alike dates and URLs, the victim's ids) sent to every
 * route of the production app as a signed-in attacker. No 5xx, every 4xx says what failed (a 400 names the
 * field), the server stays healthy and the victim's data is untouched.
 */
const NUM_RUNS = Number(process.env.HOSTILE_RUNS ?? 12);

describe('every route under generated and hostile input', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let routes: RouteEntry[];
  let attacker: TestClient;
  let victim: Victim;
  let before: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000', ADMIN_EMAILS: 'boss@example.com' } });
    ({ app, routes } = await appWithRouteTable(t));
    victim = await victimWithData(t);
    attacker = await registeredUser(t, 'attacker@example.com', 'Attacker');
    before = await victim.snapshot();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('covers the app’s routes', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it('no route answers 5xx, and every 4xx says what failed', async () => {
    const ids = [victim.goalId, victim.taskId, victim.collectionId, victim.templateId, victim.client.userId];
    const failures: string[] = [];
    for (const route of routes) {
      if (route.url === '/api/health') continue; // its own suite; the probe below checks it stays up
      const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      const input = fc.record({
        segments: fc.record(Object.fromEntries(names.map((name) => [name, pathSegment(ids)]))),
        query: route.querystring ? arbitraryOf(route.querystring, ids) : fc.constant(undefined),
        body: route.body ? arbitraryOf(route.body, ids) : fc.constant(undefined),
        raw: fc.option(fc.constantFrom('{', '[]', 'null', '"x"', '{"a":'.repeat(200), '{"__proto__":{"x":1}}')),
      });
      await fc
        .assert(
          fc.asyncProperty(input, async ({ segments, query, body, raw }) => {
            const search =
              query && typeof query === 'object'
                ? new URLSearchParams(
                    Object.entries(query as Record<string, unknown>)
                      .filter(([, value]) => value !== undefined)
                      .map(([key, value]): [string, string] => [key, String(value)]),
                  ).toString()
                : '';
            const url = fillPath(route.url, segments as Record<string, string>, 'x') + (search ? `?${search}` : '');
            const payload = raw ?? (body === undefined ? undefined : JSON.stringify(body));
            const response = await app.inject({
              method: route.method as 'GET',
              url,
              headers: {
                authorization: `Bearer ${attacker.token}`,
                ...(payload !== undefined && { 'content-type': 'application/json' }),
              },
              ...(payload !== undefined && route.method !== 'GET' && { payload }),
            });
            const problem =
              response.statusCode >= 500
                ? `${response.statusCode} ${response.body.slice(0, 300)}`
                : response.statusCode >= 400
                  ? describesClientError(response.statusCode, response.body)
                  : null;
            if (problem)
              failures.push(`${route.method} ${url.slice(0, 200)} body=${(payload ?? '').slice(0, 200)}: ${problem}`);
            return problem === null;
          }),
          { numRuns: NUM_RUNS, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('the server stays healthy and the victim’s data is untouched', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(await victim.snapshot()).toBe(before);
    const response = await victim.client.get('/api/goals/list');
    for (const secret of victim.secrets.slice(0, 1)) expect(response.body).toContain(secret);
  });
});
