import { z } from 'zod';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { chDateTime } from '@stride/platform/clickhouse/params';

const QUERY = `
SELECT toString(event_id) AS eventId, occurred_at AS occurredAt, user_id AS userId, email,
       toString(stage) AS stage, code, message, path
FROM signup_errors
WHERE occurred_at >= {from:DateTime64(3, 'UTC')} AND occurred_at < {to:DateTime64(3, 'UTC')}
ORDER BY occurred_at DESC, event_id
LIMIT 1 BY event_id
LIMIT {limit:UInt32} OFFSET {offset:UInt32}`;

const row = z.object({
  eventId: z.string(),
  occurredAt: z.string(),
  userId: z.string(),
  email: z.string(),
  stage: z.string(),
  code: z.string(),
  message: z.string(),
  path: z.string(),
});

export interface SignupErrorRow {
  readonly eventId: string;
  readonly occurredAt: string;
  readonly userId: string | null;
  readonly email: string | null;
  readonly stage: string;
  readonly code: string | null;
  readonly message: string;
  readonly path: string | null;
}

const orNull = (value: string): string | null => (value === '' ? null : value);

/** Sign-up errors in [from, to), newest first, each once. */
export async function selectSignupErrors(
  client: AnalyticsClient,
  params: { from: Date; to: Date; limit: number; offset: number },
): Promise<SignupErrorRow[]> {
  const rows = await client.rows(
    QUERY,
    { from: chDateTime(params.from), to: chDateTime(params.to), limit: params.limit, offset: params.offset },
    row,
  );
  return rows.map((r) => ({
    ...r,
    userId: orNull(r.userId),
    email: orNull(r.email),
    code: orNull(r.code),
    path: orNull(r.path),
  }));
}
