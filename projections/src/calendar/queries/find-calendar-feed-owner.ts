import type { Queryable } from '@stride/platform/postgres/pool';

/** The user whose live feed token has this SHA-256; null for an unknown or revoked token. */
export async function findCalendarFeedOwner(db: Queryable, tokenHash: string): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>('SELECT user_id FROM calendar_feeds WHERE token_hash = $1', [
    tokenHash,
  ]);
  return rows[0]?.user_id ?? null;
}
