import { randomBytes } from 'node:crypto';
import type { Queryable } from '../postgres/pool';
import { open, seal } from './aes-gcm';

/** A user's data key as an encoder gets it: usable, new (not stored yet), or gone (the user was erased). */
export type DataKey =
  | { readonly state: 'stored'; readonly key: Buffer }
  | { readonly state: 'new'; readonly key: Buffer; readonly wrapped: Buffer }
  | { readonly state: 'erased' };

interface CachedKey {
  readonly key: Buffer | null;
  readonly until: number;
}

const wrapContext = (userId: string) => `stride-user-key:${userId}`;

/** The channel an erasure notifies (its payload: the user id), delivered when its transaction commits. */
export const KEY_ERASURE_CHANNEL = 'stride_key_erasures';

/** At most this many users are remembered as not erased (the oldest are asked again first). */
const MAX_UNERASED = 100_000;

/**
 * The user_keys table (migration 0041): one AES-256 data key per user, wrapped by the master key. Unwrapped
 * keys read from the table are cached for `cacheMs`. An erasure through this instance counts at once, one
 * through another process as soon as this one hears of it (KEY_ERASURE_CHANNEL: the composition root then
 * `forget`s the user). What says a user is not erased (their key, or a "not erased" answer) is kept only
 * while `hearsErasures()`: while this process cannot hear other processes' erasures, every use asks the
 * table (an erasure is final, so that a user was erased is kept regardless). A read that was under way when
 * the user was forgotten keeps nothing of what it read. A key is cached only once it is known to be stored,
 * so a new key of an append that rolled back is never used again.
 */
export class UserKeyStore {
  private readonly cache = new Map<string, CachedKey>();
  /** Users known not to be erased (no key yet, or a key), until when (ms): `isErased` asks again after. */
  private readonly unerased = new Map<string, number>();
  /** Counts `forget` and `forgetAll` calls: a read begun before one keeps nothing that says "not erased". */
  private forgotten = 0;

  constructor(
    private readonly masterKey: Buffer,
    private readonly options: {
      cacheMs?: number;
      now?: () => number;
      /**
       * Whether every erasure another process makes is heard now (the composition root: its notification
       * listener is listening). Default: always (no other process shares the database).
       */
      hearsErasures?: () => boolean;
    } = {},
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private hearsErasures(): boolean {
    return this.options.hearsErasures?.() ?? true;
  }

  /** Whether what a read begun when `forgotten` was `since` found may be kept as "not erased". */
  private keepsNotErased(since: number): boolean {
    return since === this.forgotten && this.hearsErasures();
  }

  private cached(userId: string): CachedKey | undefined {
    const entry = this.cache.get(userId);
    if (entry && entry.until > this.now() && (entry.key === null || this.hearsErasures())) return entry;
    if (entry) this.cache.delete(userId);
    return undefined;
  }

  /**
   * Keeps what a read found, begun when `forgotten` was `since`: an erasure always, a key only while
   * erasures are heard and nothing was forgotten since the read began (it may have read the key just
   * before another process's erasure committed, and heard of that erasure before its answer arrived).
   */
  private remember(userId: string, key: Buffer | null, since = this.forgotten): void {
    if (key !== null && !this.keepsNotErased(since)) return;
    this.cache.set(userId, { key, until: this.now() + (this.options.cacheMs ?? 10_000) });
  }

  /** The stored keys of these users (null: erased or never had one), reading the table for those not cached. */
  async lookup(userIds: Iterable<string>, db: Queryable): Promise<Map<string, Buffer | null>> {
    const found = new Map<string, Buffer | null>();
    const missing: string[] = [];
    for (const userId of new Set(userIds)) {
      const entry = this.cached(userId);
      if (entry) found.set(userId, entry.key);
      else missing.push(userId);
    }
    if (missing.length > 0) {
      const since = this.forgotten;
      const { rows } = await db.query<{ user_id: string; wrapped_key: Buffer | null }>(
        'SELECT user_id, wrapped_key FROM user_keys WHERE user_id = ANY($1::text[])',
        [missing],
      );
      const stored = new Map(rows.map((row) => [row.user_id, row.wrapped_key]));
      for (const userId of missing) {
        const wrapped = stored.get(userId);
        const key = wrapped ? open(this.masterKey, wrapped, wrapContext(userId)) : null;
        // Only keys that exist (or were erased) are cached: a user without one yet may get one any moment.
        if (stored.has(userId)) this.remember(userId, key, since);
        found.set(userId, key);
      }
    }
    return found;
  }

  /**
   * Whether the user was erased (their key is gone for good). Both answers are cached as keys are: an
   * erasure through this instance counts at once, another process's when heard of (`forget`); "not erased"
   * is kept only while erasures are heard.
   */
  async isErased(userId: string, db: Queryable): Promise<boolean> {
    const entry = this.cached(userId);
    if (entry) return entry.key === null;
    const until = this.unerased.get(userId);
    if (until !== undefined && until > this.now() && this.hearsErasures()) return false;
    const since = this.forgotten;
    const { rows } = await db.query<{ erased: boolean }>(
      'SELECT wrapped_key IS NULL AS erased FROM user_keys WHERE user_id = $1',
      [userId],
    );
    const erased = rows[0]?.erased === true;
    this.unerased.delete(userId);
    if (erased) this.remember(userId, null);
    else if (this.keepsNotErased(since)) {
      if (this.unerased.size >= MAX_UNERASED) this.unerased.delete(this.unerased.keys().next().value!);
      this.unerased.set(userId, this.now() + (this.options.cacheMs ?? 10_000));
    }
    return erased;
  }

  /** `keyFor`'s answer when the cache holds it (undefined: ask `keyFor`), without a promise. */
  cachedKeyFor(userId: string): DataKey | undefined {
    const entry = this.cached(userId);
    if (!entry) return undefined;
    return entry.key ? { state: 'stored', key: entry.key } : { state: 'erased' };
  }

  /** The key to encrypt a user's data with: their stored key, a new one if they have none, or erased. */
  async keyFor(userId: string, db: Queryable): Promise<DataKey> {
    const cached = this.cachedKeyFor(userId);
    if (cached) return cached;
    const since = this.forgotten;
    const { rows } = await db.query<{ wrapped_key: Buffer | null }>(
      'SELECT wrapped_key FROM user_keys WHERE user_id = $1',
      [userId],
    );
    if (rows[0]) {
      const key = rows[0].wrapped_key ? open(this.masterKey, rows[0].wrapped_key, wrapContext(userId)) : null;
      this.remember(userId, key, since);
      return key ? { state: 'stored', key } : { state: 'erased' };
    }
    const key = randomBytes(32);
    return { state: 'new', key, wrapped: seal(this.masterKey, key, wrapContext(userId)) };
  }

  /**
   * Stores new keys outside any transaction (ON CONFLICT keeps a key another writer stored first). Returns
   * the users whose stored key is not the one given: their data must be encrypted again.
   */
  async store(newKeys: ReadonlyMap<string, Buffer>, db: Queryable): Promise<string[]> {
    const entries = [...newKeys].map(([userId, wrapped]) => ({ u: userId, k: wrapped.toString('base64') }));
    const { rows } = await db.query<{ user_id: string }>(
      `WITH given AS (SELECT k->>'u' AS user_id, decode(k->>'k', 'base64') AS wrapped FROM json_array_elements($1::json) AS k),
            stored AS (INSERT INTO user_keys (user_id, wrapped_key) SELECT user_id, wrapped FROM given
                       ON CONFLICT (user_id) DO NOTHING RETURNING user_id)
       SELECT g.user_id FROM given g WHERE g.user_id NOT IN (SELECT user_id FROM stored)`,
      [JSON.stringify(entries)],
    );
    for (const { user_id } of rows) this.cache.delete(user_id);
    return rows.map((row) => row.user_id);
  }

  /**
   * Forgets a user's key for good (crypto-shredding); their ciphertext can never be read again. Every
   * process listening on KEY_ERASURE_CHANNEL hears of it when the caller's transaction commits (and
   * `forget`s the user then, instead of trusting its cache for up to `cacheMs`).
   */
  async erase(userId: string, db: Queryable): Promise<void> {
    await db.query(
      `WITH erased AS (
         INSERT INTO user_keys (user_id, wrapped_key, erased_at) VALUES ($1, NULL, now())
         ON CONFLICT (user_id) DO UPDATE SET wrapped_key = NULL, erased_at = coalesce(user_keys.erased_at, now())
         RETURNING user_id)
       SELECT pg_notify($2, user_id) FROM erased`,
      [userId, KEY_ERASURE_CHANNEL],
    );
    this.unerased.delete(userId);
    this.remember(userId, null);
  }

  /**
   * Drops what is cached of a user: their key, and that they were not erased (after a rolled-back
   * erasure, or another process's erasure).
   */
  forget(userId: string): void {
    this.forgotten += 1;
    this.cache.delete(userId);
    this.unerased.delete(userId);
  }

  /** Drops everything cached (erasures by other processes can no longer be heard of). */
  forgetAll(): void {
    this.forgotten += 1;
    this.cache.clear();
    this.unerased.clear();
  }
}
