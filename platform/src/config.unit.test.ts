import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('configuration', () => {
  it('given nothing set, runs every part embedded with the documented defaults', () => {
    const config = loadConfig({});
    expect(config.modes).toEqual({
      database: 'embedded-pglite',
      bus: 'postgres-log',
      queue: 'in-process',
      analytics: 'embedded-chdb',
    });
    expect(config).toMatchObject({
      SERVE_WEB: true,
      PORT: 3000,
      WORKERS_HEALTH_PORT: 3001,
      AUTH_MODE: 'dev',
      GRACE_PERIOD_DAYS: 7,
      REQUEST_TIMEOUT_MS: 10_000,
    });
    expect(config.dataDir.endsWith('.data')).toBe(true);
  });

  it('given each server variable, switches exactly that part to a server', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).modes).toMatchObject({
      database: 'postgres',
      bus: 'postgres-log',
    });
    expect(loadConfig({ REDIS_URL: 'redis://h:6379' }).modes).toMatchObject({
      queue: 'bullmq',
      database: 'embedded-pglite',
    });
    expect(loadConfig({ KAFKA_BROKERS: 'a:9092, b:9092' })).toMatchObject({
      KAFKA_BROKERS: ['a:9092', 'b:9092'],
      modes: { bus: 'kafka' },
    });
    expect(loadConfig({ CLICKHOUSE_URL: 'http://h:8123' }).modes).toMatchObject({ analytics: 'clickhouse' });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({
      PORT: 3000,
      modes: { database: 'embedded-pglite' },
    });
  });

  it("reads Clerk's Backend API settings: the secret key, an API URL and the user cache TTL", () => {
    expect(loadConfig({})).toMatchObject({ CLERK_USER_CACHE_TTL_SECONDS: 300 });
    expect(loadConfig({})).not.toHaveProperty('CLERK_SECRET_KEY', expect.any(String));
    expect(
      loadConfig({
        CLERK_SECRET_KEY: 'sk_test_1',
        CLERK_API_URL: 'http://127.0.0.1:9',
        CLERK_USER_CACHE_TTL_SECONDS: '60',
      }),
    ).toMatchObject({
      CLERK_SECRET_KEY: 'sk_test_1',
      CLERK_API_URL: 'http://127.0.0.1:9',
      CLERK_USER_CACHE_TTL_SECONDS: 60,
    });
    expect(
      problemsOf({ CLERK_API_URL: 'ftp://x', CLERK_USER_CACHE_TTL_SECONDS: '0' }).map((p) => p.split(':')[0]),
    ).toEqual(['CLERK_API_URL', 'CLERK_USER_CACHE_TTL_SECONDS']);
  });

  it('given bad values, names every failing variable and what it expects', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://h/db',
      AUTH_MODE: 'magic',
      GRACE_PERIOD_DAYS: '-1',
    });
    expect(problems).toHaveLength(4);
    expect(problems.find((p) => p.startsWith('PORT:'))).toBe('PORT: Expected a whole number from 0 to 65535');
    expect(problems.find((p) => p.startsWith('DATABASE_URL:'))).toMatch(/postgres:\/\/ or postgresql:\/\//);
    expect(problems.find((p) => p.startsWith('AUTH_MODE:'))).toMatch(/dev|clerk/);
    expect(problems.find((p) => p.startsWith('GRACE_PERIOD_DAYS:'))).toBeDefined();
  });

  it('takes DEV_CLOCK_START only as an ISO instant and only with dev sign-in', () => {
    expect(loadConfig({ DEV_CLOCK_START: '2026-01-15T07:20:00.000Z' }).DEV_CLOCK_START).toBe(
      '2026-01-15T07:20:00.000Z',
    );
    expect(problemsOf({ DEV_CLOCK_START: 'tomorrow' }).join('\n')).toContain('DEV_CLOCK_START');
    expect(
      problemsOf({ DEV_CLOCK_START: '2026-01-15T07:20:00Z', AUTH_MODE: 'clerk', CLERK_JWT_KEY: 'pem' }).join('\n'),
    ).toContain('DEV_CLOCK_START: only with AUTH_MODE=dev');
  });

  it('refuses combinations that cannot work', () => {
    expect(problemsOf({ AUTH_MODE: 'clerk' })[0]).toMatch(/^CLERK_JWT_KEY:/);
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_x' })[0]).toMatch(/^STRIPE_WEBHOOK_SECRET:/);
    expect(problemsOf({ AI_API_URL: 'http://ai.local/v1' })[0]).toMatch(/^AI_API_URL:.*together/);
  });

  describe('in production (NODE_ENV=production)', () => {
    const strong = 'x'.repeat(16) + 'A1b2C3d4E5f6G7h8';
    const masterKey = Buffer.alloc(32, 7).toString('base64');
    const clerk = {
      NODE_ENV: 'production',
      AUTH_MODE: 'clerk',
      CLERK_JWT_KEY: 'pem',
      ENCRYPTION_MASTER_KEY: masterKey,
    };
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

    it('refuses dev sign-in and the free test checkout unless ALLOW_DEV_MODE_IN_PRODUCTION=true', () => {
      const problems = problemsOf({ NODE_ENV: 'production' });
      expect(problems.find((p) => p.startsWith('AUTH_MODE:'))).toMatch(/ALLOW_DEV_MODE_IN_PRODUCTION/);
      expect(problems.find((p) => p.startsWith('STRIPE_SECRET_KEY:'))).toMatch(/test checkout/);
      expect(
        loadConfig({ NODE_ENV: 'production', ALLOW_DEV_MODE_IN_PRODUCTION: 'true', ENCRYPTION_MASTER_KEY: masterKey }),
      ).toMatchObject({
        AUTH_MODE: 'dev',
        ALLOW_DEV_MODE_IN_PRODUCTION: true,
      });
      expect(loadConfig({ ...clerk, ...stripe }).AUTH_MODE).toBe('clerk');
    });

    it.each(['change-me-in-production-please', 'test-dev-auth-secret', 'short-secret'])(
      'refuses DEV_AUTH_SECRET=%s (a published default or shorter than 32 characters)',
      (secret) => {
        const problems = problemsOf({
          NODE_ENV: 'production',
          ALLOW_DEV_MODE_IN_PRODUCTION: 'true',
          ENCRYPTION_MASTER_KEY: masterKey,
          DEV_AUTH_SECRET: secret,
        });
        expect(problems).toEqual([expect.stringMatching(/^DEV_AUTH_SECRET:/)]);
      },
    );

    it('refuses short signing secrets and API keys, accepts long random ones', () => {
      const problems = problemsOf({ ...clerk, ...stripe, REQUEST_SIGNING_SECRET: 'sign-me', API_KEY: 'k-123' });
      expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['API_KEY', 'REQUEST_SIGNING_SECRET']);
      expect(loadConfig({ ...clerk, ...stripe, REQUEST_SIGNING_SECRET: strong, API_KEY: strong }).API_KEY).toBe(strong);
    });

    it('refuses to start without a master key for the personal data, and refuses one of the wrong size', () => {
      expect(problemsOf({ ...clerk, ...stripe, ENCRYPTION_MASTER_KEY: '' })).toEqual([
        expect.stringMatching(/^ENCRYPTION_MASTER_KEY:/),
      ]);
      expect(problemsOf({ ENCRYPTION_MASTER_KEY: 'c2hvcnQ=' })).toEqual([
        expect.stringMatching(/^ENCRYPTION_MASTER_KEY: base64 of exactly 32 bytes/),
      ]);
    });

    it('leaves development and tests alone', () => {
      expect(loadConfig({ DEV_AUTH_SECRET: 'short' }).AUTH_MODE).toBe('dev');
      expect(loadConfig({ NODE_ENV: 'test', DEV_AUTH_SECRET: 'short' }).AUTH_MODE).toBe('dev');
    });
  });
});
