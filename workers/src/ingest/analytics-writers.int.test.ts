import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '@stride/platform/config';
import { createAnalyticsClient, type AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { migrateAnalytics } from '@stride/platform/clickhouse/migrations';
import { createLogger } from '@stride/platform/logger';
import { sharedChdbPath, uniqueName } from '@stride/testing/chdb';
import { AnalyticsWriters } from './analytics-writers';
import type { TrackedEventRow } from './analytics-rows';

const row = (userId: string, overrides: Partial<TrackedEventRow> = {}): TrackedEventRow => ({
  event_id: randomUUID(),
  user_id: userId,
  anonymous_id: '',
  session_id: 's1',
  event: 'page_view',
  occurred_at: new Date().toISOString(),
  received_at: new Date().toISOString(),
  tier: 'free',
  path: '/daily',
  referrer: '',
  user_agent: 'test',
  properties: '{}',
  ...overrides,
});

/** Issue 11, defect 2: one user's bad event must not fail other users' events in the shared batch. */
describe('analytics writers: a bad row in a shared batch', () => {
  let client: AnalyticsClient;
  let writers: AnalyticsWriters;
  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: sharedChdbPath(), CLICKHOUSE_DATABASE: uniqueName('writers_test') });
    client = await createAnalyticsClient(config, { chdbPath: sharedChdbPath() });
    await migrateAnalytics(client);
    writers = new AnalyticsWriters(client, createLogger({ level: 'silent' }), { maxRows: 100, maxWaitMs: 20 });
  });
  afterAll(async () => {
    await writers.close();
    await client.close();
  });

  it('normalises unstorable text, stores the good rows and dead-letters the row that cannot be stored', async () => {
    const theirs = Array.from({ length: 12 }, () => row('usr_other'));
    const lone = row('usr_mine', { path: '/x\ud800', user_agent: 'nul\u0000' });
    const broken = row('usr_mine', { event_id: 'not-a-uuid' });
    await Promise.all([writers.trackedEvents.add([lone, broken]), writers.trackedEvents.add(theirs)]);

    const counts = await client.rows(
      'SELECT user_id, count() AS n FROM tracked_events GROUP BY user_id ORDER BY user_id',
      {},
      z.object({ user_id: z.string(), n: z.coerce.number() }),
    );
    expect(counts).toEqual([
      { user_id: 'usr_mine', n: 1 },
      { user_id: 'usr_other', n: 12 },
    ]);
    const stored = await client.rows(
      `SELECT path FROM tracked_events WHERE user_id = 'usr_mine'`,
      {},
      z.object({ path: z.string() }),
    );
    expect(stored).toEqual([{ path: '/x\uFFFD' }]);
    const dead = await client.rows(
      'SELECT table_name, row_id FROM analytics_dead_letters',
      {},
      z.object({ table_name: z.string(), row_id: z.string() }),
    );
    expect(dead).toEqual([{ table_name: 'tracked_events', row_id: 'not-a-uuid' }]);
    expect(writers.stats().find((s) => s.table === 'tracked_events')).toMatchObject({ deadLetters: 1 });
  }, 30_000);
});
