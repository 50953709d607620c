import { readFile } from 'node:fs/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config';
import { createAnalyticsClient, type AnalyticsClient } from './analytics-client';
import { InsertBatcher } from './insert-batcher';
import { clickhouseMigrationsDir, migrateAnalytics, splitStatements } from './migrations';

const dir = mkdtempSync(path.join(tmpdir(), 'stride-chdb-store-'));
const clientFor = (database: string, maxMemoryBytes = 2_000_000_000) =>
  createAnalyticsClient(
    loadConfig({ DATA_DIR: dir, CLICKHOUSE_DATABASE: database, CLICKHOUSE_MAX_MEMORY_BYTES: String(maxMemoryBytes) }),
  );

describe('the analytics store (chDB)', () => {
  let client: AnalyticsClient;
  beforeAll(async () => {
    client = await clientFor('store_test');
    await migrateAnalytics(client);
  });
  afterAll(async () => {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies each migration once', async () => {
    expect(await migrateAnalytics(client)).toEqual([]);
  });

  it('keeps schema.sql equal to what the migrations build', async () => {
    const fromSchema = await clientFor('schema_file_test');
    try {
      for (const statement of splitStatements(
        await readFile(path.join(clickhouseMigrationsDir, 'schema.sql'), 'utf8'),
      )) {
        await fromSchema.command(statement);
      }
      const tables = z.object({ name: z.string(), create: z.string() });
      const describe = async (c: AnalyticsClient, database: string) =>
        (
          await c.rows(
            `SELECT name, replaceAll(create_table_query, {db:String}, 'db') AS create FROM system.tables
              WHERE database = {db:String} AND name != 'schema_migrations' ORDER BY name`,
            { db: database },
            tables,
          )
        ).map((t) => [t.name, t.create]);
      expect(await describe(fromSchema, 'schema_file_test')).toEqual(await describe(client, 'store_test'));
    } finally {
      await fromSchema.close();
    }
  });

  it('stores a batch once when its insert is retried with the same de-duplication token', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({
      event_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      user_id: 'u1',
      session_id: 's1',
      event: 'page_viewed',
      occurred_at: new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString(),
      received_at: new Date(Date.UTC(2024, 0, 1)).toISOString(),
      tier: 'free',
      path: '/daily',
      referrer: '',
      user_agent: '',
      properties: '{}',
    }));
    let calls = 0;
    const batcher = new InsertBatcher({
      table: 'tracked_events',
      idOf: (row: (typeof rows)[number]) => row.event_id,
      maxRows: 500,
      retryBaseDelayMs: 1,
      // The first attempt reaches the store and then "loses its answer": the retry must not double it.
      insert: async (batch, deduplicationToken) => {
        calls += 1;
        await client.insert('tracked_events', batch, { deduplicationToken });
        if (calls === 1) throw new Error('socket hang up');
      },
    });
    await batcher.add(rows);
    expect(calls).toBe(2);
    const [count] = await client.rows('SELECT count() AS n FROM tracked_events', {}, z.object({ n: z.number() }));
    expect(count?.n).toBe(500);
  });

  it('fails a query over its memory limit without taking the process down', async () => {
    const small = await clientFor('store_test', 20_000_000);
    try {
      await expect(
        small.rows('SELECT groupArray(number) AS a FROM numbers(50000000)', {}, z.object({ a: z.array(z.number()) })),
      ).rejects.toThrow(/memory limit/i);
      const [one] = await small.rows('SELECT 1 AS x', {}, z.object({ x: z.number() }));
      expect(one?.x).toBe(1);
    } finally {
      await small.close();
    }
  });
});
