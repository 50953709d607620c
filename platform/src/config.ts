import path from 'node:path';
import { z } from 'zod';

/**
 * The one configuration module. Every variable is documented in README.md ("Configuration"). Nothing set
 * means the embedded default; DATABASE_URL, REDIS_URL, KAFKA_BROKERS and CLICKHOUSE_URL each switch one
 * part to a real server. A bad value stops start-up with a message naming the variable.
 */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .url()
      .refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
        message: `Expected a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
      })
      .optional(),
  );
const int = (fallback: number, min: number, max: number) => {
  const expected = `Expected a whole number from ${min} to ${max}`;
  return z.preprocess(
    emptyAsUndefined,
    z.coerce.number({ error: expected }).int(expected).min(min, expected).max(max, expected).default(fallback),
  );
};
const commaList = z.preprocess(
  (value) =>
    typeof value === 'string' && value.trim() !== ''
      ? value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      : [],
  z.array(z.string()),
);

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('127.0.0.1'),
  PORT: int(3000, 0, 65535),
  WORKERS_HEALTH_PORT: int(3001, 0, 65535),
  /** Each component check of a health endpoint gives up after this long and reports the component down. */
  HEALTH_CHECK_TIMEOUT_MS: int(2_000, 50, 60_000),
  /** The workers process writes a heartbeat every few seconds; older than this, the API reports it down. */
  WORKERS_HEARTBEAT_STALE_SECONDS: int(15, 2, 3_600),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  DATA_DIR: z.string().default('./.data'),
  SERVE_WEB: z
    .preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('true'))
    .transform((value) => value === 'true'),

  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  DATABASE_POOL_SIZE: int(10, 1, 200),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  KAFKA_BROKERS: commaList,
  KAFKA_CLIENT_ID: z.string().default('stride'),
  CLICKHOUSE_URL: optionalUrl(['http', 'https']),
  CLICKHOUSE_DATABASE: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .default('stride'),
  CLICKHOUSE_MAX_MEMORY_BYTES: int(2_000_000_000, 10_000_000, 64_000_000_000),

  AUTH_MODE: z.enum(['dev', 'clerk']).default('dev'),
  ALLOW_DEV_MODE_IN_PRODUCTION: z
    .preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false'))
    .transform((value) => value === 'true'),
  DEV_AUTH_SECRET: optionalString,
  /**
   * AUTH_MODE=dev only: the server's clock starts at this ISO instant and runs on from it (browser tests and
   * demos of dates and time zones). Sign-in tokens keep the real clock.
   */
  DEV_CLOCK_START: z.preprocess(emptyAsUndefined, z.iso.datetime({ offset: true }).optional()),
  CLERK_PUBLISHABLE_KEY: optionalString,
  CLERK_JWT_KEY: optionalString,
  CLERK_JWKS_URL: optionalUrl(['http', 'https']),
  CLERK_AUTHORIZED_PARTIES: commaList,
  /**
   * Clerk's Backend API, for the email and name of a session token that carries none (Clerk's default
   * token): `users.getUser`, cached per user for CLERK_USER_CACHE_TTL_SECONDS; and for an erased user's
   * identity, deleted (`users.deleteUser`, identity/clerk-user-directory.ts). Unset: neither.
   */
  CLERK_SECRET_KEY: optionalString,
  /** Clerk's Backend API base URL (tests point it at a local fake); @clerk/backend's default if unset. */
  CLERK_API_URL: optionalUrl(['http', 'https']),
  CLERK_USER_CACHE_TTL_SECONDS: int(300, 1, 86_400),
  ADMIN_EMAILS: commaList,
  API_KEY: optionalString,
  REQUEST_SIGNING_SECRET: optionalString,
  REQUEST_MAX_SKEW_SECONDS: int(300, 1, 86_400),
  RATE_LIMIT_PER_MINUTE: int(600, 1, 1_000_000),
  /** Tracked events a minute per client IP from signed-out visitors (POST /api/analytics/events without a session). */
  ANONYMOUS_EVENTS_PER_MINUTE: int(60, 1, 1_000_000),
  REQUEST_TIMEOUT_MS: int(10_000, 100, 600_000),
  SUPPORT_EMAIL: z.string().email().default('support@stride.app'),
  /** Base64 of 32 random bytes: wraps every user's data key (crypto-shredding). Required in production. */
  ENCRYPTION_MASTER_KEY: optionalString.refine(
    (value) => value === undefined || Buffer.from(value.trim(), 'base64').length === 32,
    'base64 of exactly 32 bytes (openssl rand -base64 32)',
  ),

  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_HOST: optionalString,
  STRIPE_API_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  STRIPE_API_PROTOCOL: z.preprocess(emptyAsUndefined, z.enum(['http', 'https']).optional()),
  STRIPE_PRICE_STARTER: optionalString,
  STRIPE_PRICE_PRO: optionalString,
  STRIPE_PRICE_TEAM: optionalString,
  STRIPE_PRICE_LITE: optionalString,
  STRIPE_PRICE_BASIC: optionalString,
  GRACE_PERIOD_DAYS: int(7, 0, 90),

  AI_API_URL: optionalUrl(['http', 'https']),
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  AI_TIMEOUT_MS: int(20_000, 100, 300_000),
});

export type Config = z.infer<typeof configSchema> & {
  /** Which implementation each component runs on. */
  readonly modes: {
    readonly database: 'embedded-pglite' | 'postgres';
    readonly bus: 'postgres-log' | 'kafka';
    readonly queue: 'in-process' | 'bullmq';
    readonly analytics: 'embedded-chdb' | 'clickhouse';
  };
  readonly dataDir: string;
};

/** Secrets published in this repository's examples: never accepted in production. */
export const KNOWN_DEFAULT_SECRETS: readonly string[] = [
  'change-me-in-production-please',
  'change-me',
  'changeme',
  'secret',
  'test-dev-auth-secret',
  'bench-secret',
  'dev-secret',
];
export const MIN_PRODUCTION_SECRET_LENGTH = 32;

/**
 * Production refuses what makes an instance open to anyone: dev sign-in (any email, including an admin's)
 * and the built-in test checkout (any plan for free) unless ALLOW_DEV_MODE_IN_PRODUCTION=true says so on
 * purpose, and any secret that is a published default or shorter than 32 characters.
 */
function productionProblems(c: z.infer<typeof configSchema>): string[] {
  if (c.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!c.ALLOW_DEV_MODE_IN_PRODUCTION) {
    if (c.AUTH_MODE === 'dev') {
      problems.push(
        'AUTH_MODE: dev sign-in lets anyone sign in with any email; in production use AUTH_MODE=clerk, or set ALLOW_DEV_MODE_IN_PRODUCTION=true for a private demo',
      );
    }
    if (!c.STRIPE_SECRET_KEY) {
      problems.push(
        'STRIPE_SECRET_KEY: without it the built-in test checkout gives any plan for free; in production set it, or set ALLOW_DEV_MODE_IN_PRODUCTION=true for a private demo',
      );
    }
  }
  if (!c.ENCRYPTION_MASTER_KEY) {
    problems.push(
      'ENCRYPTION_MASTER_KEY: personal data in events is encrypted with keys it wraps; in production set it (openssl rand -base64 32) and keep it safe: without it no personal data can be read',
    );
  }
  const secrets = {
    DEV_AUTH_SECRET: c.DEV_AUTH_SECRET,
    REQUEST_SIGNING_SECRET: c.REQUEST_SIGNING_SECRET,
    API_KEY: c.API_KEY,
  };
  for (const [name, value] of Object.entries(secrets)) {
    if (value === undefined) continue;
    if (KNOWN_DEFAULT_SECRETS.includes(value.trim().toLowerCase())) {
      problems.push(`${name}: a published default value; set a random secret (e.g. openssl rand -base64 32)`);
    } else if (value.length < MIN_PRODUCTION_SECRET_LENGTH) {
      problems.push(`${name}: at least ${MIN_PRODUCTION_SECRET_LENGTH} characters in production`);
    }
  }
  return problems;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** For entry points: the configuration, or a readable list of what to fix and exit code 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${error.message}\nFix the variables above (see README.md, "Configuration") and start again.`);
    process.exit(1);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  const c = parsed.data;
  const problems: string[] = [];
  if (c.AUTH_MODE === 'clerk' && !c.CLERK_JWT_KEY && !c.CLERK_JWKS_URL) {
    problems.push('CLERK_JWT_KEY: AUTH_MODE=clerk needs CLERK_JWT_KEY (PEM public key) or CLERK_JWKS_URL');
  }
  if (c.DEV_CLOCK_START && c.AUTH_MODE !== 'dev') {
    problems.push('DEV_CLOCK_START: only with AUTH_MODE=dev (a real deployment runs on the real clock)');
  }
  if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (webhooks must be verified)');
  }
  if ((c.AI_API_URL || c.AI_API_KEY) && !(c.AI_API_URL && c.AI_API_KEY && c.AI_MODEL)) {
    problems.push('AI_API_URL: set AI_API_URL, AI_API_KEY and AI_MODEL together, or none of them');
  }
  problems.push(...productionProblems(c));
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    modes: {
      database: c.DATABASE_URL ? 'postgres' : 'embedded-pglite',
      bus: c.KAFKA_BROKERS.length > 0 ? 'kafka' : 'postgres-log',
      queue: c.REDIS_URL ? 'bullmq' : 'in-process',
      analytics: c.CLICKHOUSE_URL ? 'clickhouse' : 'embedded-chdb',
    },
  };
}
