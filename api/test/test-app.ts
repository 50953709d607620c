import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role, Services } from '@stride/application/services';
import { composeServices, type ComposeOptions, type Stride } from '@stride/composition/compose-services';
import { loadConfig } from '@stride/platform/config';
import { createLogger } from '@stride/platform/logger';
import { sharedChdbPath, uniqueName } from '@stride/testing/chdb';
import { createPgliteTestDatabase, createServerTestDatabase, type TestDatabase } from '@stride/testing/postgres';
import { buildApp } from '../src/app';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly services: Services;
  readonly stride: Stride;
  readonly database: TestDatabase;
  /** Signs in through POST /api/dev/sign-in and returns a client acting as that user. */
  signIn(email: string, name?: string): Promise<TestClient>;
  close(): Promise<void>;
}

export interface TestClient {
  readonly userId: string;
  readonly token: string;
  readonly email: string;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  delete(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

export interface StartTestAppOptions extends Pick<ComposeOptions, 'clock' | 'ai' | 'pipeline'> {
  readonly env?: Readonly<Record<string, string>>;
  readonly database?: 'postgres' | 'pglite';
  /** The role composed (default 'all-in-one', as `npm start`). */
  readonly role?: Extract<Role, 'all-in-one' | 'api'>;
}

/**
 * Boots what production boots (composeServices + buildApp) on a fresh, migrated database and a fresh
 * analytics database in this test process's chDB store.
 */
export async function startTestApp(options: StartTestAppOptions = {}): Promise<TestApp> {
  const database =
    options.database === 'pglite' ? await createPgliteTestDatabase() : await createServerTestDatabase({ poolSize: 30 });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'stride-api-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    DEV_AUTH_SECRET: 'test-dev-auth-secret',
    CLICKHOUSE_DATABASE: uniqueName('api_test'),
    ...options.env,
  });
  const logger = createLogger({ level: config.LOG_LEVEL, pretty: false });
  const stride = await composeServices(config, options.role ?? 'all-in-one', {
    logger,
    database: { pool: database.pool, close: async () => {} },
    ...(options.clock && { clock: options.clock }),
    ...(options.ai && { ai: options.ai }),
    pipeline: { chdbPath: sharedChdbPath(), ...options.pipeline },
  });
  const { services } = stride;
  const app = await buildApp(services);
  await app.ready();

  const clientFor = (token: string, userId: string, email: string): TestClient => {
    const request = (injectOptions: InjectOptions) =>
      app.inject({ ...injectOptions, headers: { authorization: `Bearer ${token}`, ...injectOptions.headers } });
    return {
      userId,
      token,
      email,
      request,
      get: (url, headers) => request({ method: 'GET', url, headers }),
      post: (url, body = {}, headers) => request({ method: 'POST', url, payload: body as object, headers }),
      patch: (url, body = {}, headers) => request({ method: 'PATCH', url, payload: body as object, headers }),
      delete: (url, headers) => request({ method: 'DELETE', url, headers }),
    };
  };

  return {
    app,
    services,
    stride,
    database,
    async signIn(email, name = email.split('@')[0] ?? 'Test') {
      const response = await app.inject({ method: 'POST', url: '/api/dev/sign-in', payload: { email, name } });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
      const { token, user } = response.json<{ token: string; user: { id: string; email: string } }>();
      return clientFor(token, user.id, user.email);
    },
    async close() {
      await app.close();
      await stride.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
