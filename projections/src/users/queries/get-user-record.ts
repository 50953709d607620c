import type { Queryable } from '@stride/platform/postgres/pool';

/** A user's record as the read models hold it: profile, plan (default free/active), counters, active goals. */
export interface UserRecordRow {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly tier: string;
  readonly status: string;
  readonly current_month: string | null;
  readonly goals_this_month: number;
  readonly ai_generations_this_month: number;
  readonly last_reset_date: string | null;
  readonly payment_failed_at: string | null;
  readonly grace_period_ends_at: string | null;
  readonly onboarding_completed: boolean;
  readonly time_zone: string;
  readonly active_goals_count: number;
  readonly created_at: string;
  readonly updated_at: string;
}

export async function getUserRecord(db: Queryable, userId: string): Promise<UserRecordRow | null> {
  const { rows } = await db.query<UserRecordRow>(
    `SELECT u.id, u.email, u.name,
            coalesce(b.tier, 'free') AS tier,
            coalesce(b.status, 'active') AS status,
            c.current_month,
            coalesce(c.goals_this_month, 0) AS goals_this_month,
            coalesce(c.ai_generations_this_month, 0) AS ai_generations_this_month,
            c.last_reset_date AS last_reset_date,
            b.payment_failed_at AS payment_failed_at,
            b.grace_period_ends_at AS grace_period_ends_at,
            u.onboarding_completed,
            u.time_zone,
            (SELECT count(*)::int FROM goals g
              WHERE g.user_id = u.id AND g.deleted_at IS NULL AND g.status = 'active') AS active_goals_count,
            u.created_at AS created_at,
            GREATEST(u.updated_at, b.updated_at, c.updated_at) AS updated_at
       FROM users u
       LEFT JOIN user_billing b ON b.user_id = u.id
       LEFT JOIN usage_counters c ON c.user_id = u.id
      WHERE u.id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}
