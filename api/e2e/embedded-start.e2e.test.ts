import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { startProduct, type ProductProcess } from '@stride/testing/product-process';

/**
 * Issue 2's promise: `npm start` with nothing configured runs every part on the embedded stack, reports
 * each component in /api/health, and keeps all data across a stop and a start.
 */
describe('npm start on the embedded stack', () => {
  let product: ProductProcess | undefined;
  const dataDirs: string[] = [];
  afterAll(async () => {
    await product?.stop();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  const call = async (base: string, method: string, route: string, token?: string, body?: unknown) => {
    const response = await fetch(`${base}${route}`, {
      method,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('reports every component up, in embedded mode', async () => {
    product = await startProduct();
    dataDirs.push(product.dataDir);
    const health = await call(product.url, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({
      status: 'ok',
      modes: { database: 'embedded-pglite', bus: 'postgres-log', queue: 'in-process', analytics: 'embedded-chdb' },
      components: {
        database: { status: 'up', mode: 'embedded-pglite' },
        bus: { status: 'up', mode: 'postgres-log' },
        queues: { status: 'up', mode: 'in-process' },
        analytics: { status: 'up', mode: 'embedded-chdb' },
      },
    });
  });

  it('keeps users and goals across a stop and a start', async () => {
    const base = product!.url;
    const signIn = await call(base, 'POST', '/api/dev/sign-in', undefined, { email: 'keep@example.com', name: 'Kim' });
    const token = signIn.body.token as string;
    expect(
      (await call(base, 'POST', '/api/user/ensure-user-exists', token, { email: 'keep@example.com', name: 'Kim' }))
        .status,
    ).toBe(200);
    const created = await call(base, 'POST', '/api/goals/create-simple', token, { title: 'Learn to sail' });
    expect(created.status).toBe(201);

    expect(await product!.stop()).toBe(0);
    product = await startProduct({ dataDir: product!.dataDir });

    // The dev session survives too: the signing secret is kept under DATA_DIR.
    const goals = await fetch(`${product.url}/api/goals/list`, { headers: { authorization: `Bearer ${token}` } });
    expect(goals.status).toBe(200);
    expect(((await goals.json()) as Array<{ title: string }>).map((goal) => goal.title)).toEqual(['Learn to sail']);
    const user = await call(product.url, 'GET', '/api/user/get-user-data-simple', token);
    expect(user.body).toMatchObject({ email: 'keep@example.com', goals_this_month: 1 });
  });
});
