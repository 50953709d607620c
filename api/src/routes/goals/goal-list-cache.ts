import type { EventEmitter } from 'node:events';
import type { Logger } from '@stride/platform/logger';
import type { Pool, PoolClient } from '@stride/platform/postgres/pool';
import {
  READ_MODEL_CHANNEL,
  readModelChangeSchema,
  type ReadModelChange,
} from '@stride/projections/core/change-notifications';

interface Entry {
  readonly json: string;
  /** The newest change of this user's lists this process had heard of when the list was read. */
  readonly covers: number;
  /** When it was read (Date.now()): entries expire after ENTRY_TTL_MS. */
  readonly readAt: number;
}

/**
 * Other processes' changes arrive by a NOTIFY sent just after their commit; one lost in a crash between
 * the two would leave an entry stale, so entries are also re-read after this long.
 */
const ENTRY_TTL_MS = 5_000;

/** The read models a goal list is made of: a change in either makes a user's cached lists stale. */
const SOURCES = new Set(['goals', 'collections']);

/**
 * The goal list is the hottest read. This keeps each user's list JSON in memory and drops it when the
 * goals or collections read model changes that user's rows: this process's own commands say so right after
 * their commit (InlineProjections' `changed`, before the response is sent), every process hears the
 * others' commits through `NOTIFY stride_read_models` (sent just after each commit). Correctness rules:
 * - a list read while a change commits is not kept (per-user generation counter, read before the query);
 * - a read naming a position (`x-min-position`, the client's last write) uses an entry only if that
 *   write's change had been heard of before the entry was read; otherwise it reads the table (which has
 *   it: no waiting) and keeps that;
 * - while not listening (connecting, connection lost) nothing is cached, and everything is dropped.
 * PostgreSQL server only: the embedded PGlite serves all connections from one session.
 */
export class GoalListCache {
  private readonly entries = new Map<string, Map<string, Entry>>();
  private readonly generations = new Map<string, number>();
  /** Per user, the newest position of a change heard of (local commit or notification). */
  private readonly heard = new Map<string, number>();
  private globalGeneration = 0;
  private client: PoolClient | null = null;
  private listening = false;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private readonly onLocalChange = (change: ReadModelChange) => this.onChange(change);

  constructor(
    private readonly pool: Pool,
    private readonly logger: Logger,
    private readonly localChanges: EventEmitter<{ changed: [ReadModelChange] }>,
    private readonly maxUsers = 10_000,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    this.localChanges.on('changed', this.onLocalChange);
    await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.localChanges.off('changed', this.onLocalChange);
    if (this.retry) clearTimeout(this.retry);
    this.forget();
    const client = this.client;
    this.client = null;
    if (client) {
      await client.query(`UNLISTEN ${READ_MODEL_CHANNEL}`).catch(() => undefined);
      client.release();
    }
  }

  /** The user's list: from memory when it is known to include `minPosition`, else `load`ed (and kept). */
  async read(
    userId: string,
    status: string | undefined,
    minPosition: number | null,
    load: () => Promise<string>,
  ): Promise<string> {
    const key = status ?? '';
    const entry = this.entries.get(userId)?.get(key);
    const now = Date.now();
    if (
      this.listening &&
      entry &&
      now - entry.readAt < ENTRY_TTL_MS &&
      (minPosition === null || entry.covers >= minPosition)
    ) {
      return entry.json;
    }
    const generation = this.generationOf(userId);
    const covers = this.heard.get(userId) ?? 0;
    const json = await load();
    if (this.listening && generation === this.generationOf(userId)) {
      this.keep(userId, key, { json, covers, readAt: now });
    }
    return json;
  }

  private keep(userId: string, key: string, entry: Entry): void {
    let lists = this.entries.get(userId);
    if (!lists) {
      if (this.entries.size >= this.maxUsers) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      lists = new Map();
      this.entries.set(userId, lists);
    }
    lists.set(key, entry);
  }

  /** Changes whenever the user's lists may have changed (a notification naming them, or everyone). */
  private generationOf(userId: string): string {
    return `${this.globalGeneration}:${this.generations.get(userId) ?? 0}`;
  }

  private onNotification(payload: string | undefined): void {
    const parsed = readModelChangeSchema.safeParse(JSON.parse(payload ?? 'null'));
    if (!parsed.success) this.forget();
    else this.onChange(parsed.data);
  }

  /** Any read model's change counts as heard (a client's last write may be a preference, not a goal). */
  private onChange(change: ReadModelChange): void {
    const users = change.users === 'all' ? [] : change.users;
    if (change.position !== undefined) {
      for (const userId of users) this.heard.set(userId, Math.max(this.heard.get(userId) ?? 0, change.position));
    }
    if (!SOURCES.has(change.projection)) return;
    if (change.users === 'all') {
      this.forget();
      return;
    }
    for (const userId of users) {
      this.generations.set(userId, (this.generations.get(userId) ?? 0) + 1);
      this.entries.delete(userId);
    }
  }

  private forget(): void {
    this.globalGeneration += 1;
    this.generations.clear();
    this.entries.clear();
  }

  private async listen(): Promise<void> {
    try {
      const client = await this.pool.connect();
      client.on('notification', (message) => {
        if (message.channel === READ_MODEL_CHANNEL) this.onNotification(message.payload);
      });
      client.on('error', (error) => this.lost(client, error));
      client.on('end', () => this.lost(client));
      await client.query(`LISTEN ${READ_MODEL_CHANNEL}`);
      this.client = client;
      this.listening = true;
    } catch (error) {
      this.lost(null, error);
    }
  }

  private lost(client: PoolClient | null, error?: unknown): void {
    if (client && client !== this.client) return;
    this.listening = false;
    this.forget();
    if (this.client) {
      this.client.release(error instanceof Error ? error : true);
      this.client = null;
    }
    if (this.stopped) return;
    this.logger.warn({ err: error }, 'goal list cache stopped listening; reconnecting');
    this.retry = setTimeout(() => void this.listen(), 1_000);
    this.retry.unref();
  }
}
