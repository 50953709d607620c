import { compareCheckpoints } from '@stride/platform/event-store/event-store';
import type { LogCheckpoint } from '@stride/platform/event-store/types';
import type { Logger } from '@stride/platform/logger';
import type { Pool, PoolClient } from '@stride/platform/postgres/pool';
import { READ_MODEL_CHANNEL, readModelChangeSchema } from '@stride/projections/core/change-notifications';
import type { ReadRequirement } from '../../http/read-your-writes';

interface Entry {
  readonly json: string;
  /** The goals and collections read models had reached at least this point when it was read. */
  readonly covers: LogCheckpoint;
}

/** The read models a goal list is made of: a change in either makes a user's cached lists stale. */
const SOURCES = new Set(['goals', 'collections']);

/**
 * The goal list is the hottest read. This keeps each user's list JSON in memory and drops it when the
 * goals or collections projection changes that user's rows: those projections NOTIFY on commit
 * (projections/src/core/change-notifications.ts) and every API process LISTENs. Correctness rules:
 * - a list read while a change commits is not kept (per-user generation counter, read before the query);
 * - a read with a minimum position uses an entry only if the entry covers that position;
 * - while not listening (connecting, connection lost) nothing is cached, and everything is dropped.
 * PostgreSQL server only: the embedded PGlite serves all connections from one session.
 */
export class GoalListCache {
  private readonly entries = new Map<string, Map<string, Entry>>();
  private readonly generations = new Map<string, number>();
  private globalGeneration = 0;
  private client: PoolClient | null = null;
  private listening = false;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly logger: Logger,
    private readonly maxUsers = 10_000,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.forget();
    const client = this.client;
    this.client = null;
    if (client) {
      await client.query(`UNLISTEN ${READ_MODEL_CHANNEL}`).catch(() => undefined);
      client.release();
    }
  }

  /** The user's list: from memory when it is known to be current enough, else `load`ed (and kept). */
  async read(
    userId: string,
    status: string | undefined,
    requirement: ReadRequirement,
    covers: () => LogCheckpoint,
    load: () => Promise<string>,
  ): Promise<string> {
    const key = status ?? '';
    const entry = this.entries.get(userId)?.get(key);
    if (
      this.listening &&
      entry &&
      (requirement.kind === 'any' || compareCheckpoints(entry.covers, requirement.checkpoint) >= 0)
    ) {
      return entry.json;
    }
    const generation = this.generationOf(userId);
    const reached = covers();
    const json = await load();
    if (this.listening && generation === this.generationOf(userId)) this.keep(userId, key, { json, covers: reached });
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
    if (!parsed.success) {
      this.forget();
      return;
    }
    if (!SOURCES.has(parsed.data.projection)) return;
    if (parsed.data.users === 'all') {
      this.forget();
      return;
    }
    for (const userId of parsed.data.users) {
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
