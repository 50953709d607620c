import type { EventEmitter } from 'node:events';
import { CompressibleJson } from '../../http/compressed-body';
import type { NotificationListener } from '@stride/platform/postgres/notification-listener';
import {
  READ_MODEL_CHANNEL,
  readModelChangeSchema,
  type ReadModelChange,
} from '@stride/projections/core/change-notifications';

interface Entry {
  readonly body: CompressibleJson;
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
 * The goal list is the hottest read. This keeps each user's list JSON in memory (with its compressed forms,
 * made once each: compressed-body.ts) and drops it when the goals or collections read model changes that
 * user's rows: this process's own commands say so right after
 * their commit (InlineProjections' `changed`, before the response is sent), every process hears the
 * others' commits through `NOTIFY stride_read_models` (sent just after each commit). Correctness rules:
 * - a list read while a change commits is not kept (per-user generation counter, read before the query);
 * - a read naming a position (`x-min-position`, the client's last write) uses an entry only if that
 *   write's change had been heard of before the entry was read; otherwise it reads the table (which has
 *   it: no waiting) and keeps that;
 * - while the process's notification listener is not listening (connecting, connection lost) nothing is
 *   cached, and everything is dropped when it loses its connection.
 * PostgreSQL server only: the embedded PGlite serves all connections from one session.
 */
export class GoalListCache {
  private readonly entries = new Map<string, Map<string, Entry>>();
  private readonly generations = new Map<string, number>();
  /** Per user, the newest position of a change heard of (local commit or notification). */
  private readonly heard = new Map<string, number>();
  private globalGeneration = 0;
  private unsubscribe: (() => void) | null = null;
  private readonly onLocalChange = (change: ReadModelChange) => this.onChange(change);

  constructor(
    private readonly notifications: NotificationListener,
    private readonly localChanges: EventEmitter<{ changed: [ReadModelChange] }>,
    private readonly maxUsers = 10_000,
  ) {}

  private get listening(): boolean {
    return this.unsubscribe !== null && this.notifications.listening;
  }

  start(): void {
    this.localChanges.on('changed', this.onLocalChange);
    this.unsubscribe = this.notifications.subscribe(READ_MODEL_CHANNEL, {
      onNotification: (payload) => this.onNotification(payload),
      onLost: () => this.forget(),
    });
  }

  stop(): void {
    this.localChanges.off('changed', this.onLocalChange);
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.forget();
  }

  /** The user's list: from memory when it is known to include `minPosition`, else `load`ed (and kept). */
  async read(
    userId: string,
    status: string | undefined,
    minPosition: number | null,
    load: () => Promise<string>,
  ): Promise<CompressibleJson> {
    const key = status ?? '';
    const entry = this.entries.get(userId)?.get(key);
    const now = Date.now();
    if (
      this.listening &&
      entry &&
      now - entry.readAt < ENTRY_TTL_MS &&
      (minPosition === null || entry.covers >= minPosition)
    ) {
      return entry.body;
    }
    const generation = this.generationOf(userId);
    const covers = this.heard.get(userId) ?? 0;
    const body = new CompressibleJson(await load());
    if (this.listening && generation === this.generationOf(userId)) {
      this.keep(userId, key, { body, covers, readAt: now });
    }
    return body;
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

  private onNotification(payload: string): void {
    let parsed: ReturnType<typeof readModelChangeSchema.safeParse>;
    try {
      parsed = readModelChangeSchema.safeParse(JSON.parse(payload));
    } catch {
      this.forget();
      return;
    }
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
}
