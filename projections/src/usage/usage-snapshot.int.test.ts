import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistry } from '@stride/domain/event-catalogue';
import { PostgresEventStore } from '@stride/platform/event-store/event-store';
import { migrate } from '@stride/platform/postgres/migrations';
import { createServerTestDatabase, type TestDatabase } from '@stride/testing/postgres';
import { seedUser } from '../../test/seed-log';
import { createCoreProjections } from '../core-projections';
import { InlineProjections } from '../core/inline-projections';
import { verifyProjection } from '../verify/verify-projection';
import { getUsageSnapshot } from './queries/get-usage-snapshot';

describe('usage snapshot (the counters row with its stream version)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const projections = createCoreProjections(eventRegistry);
  const usage = projections.find((projection) => projection.name === 'usage')!;

  beforeAll(async () => {
    db = await createServerTestDatabase();
    store = new PostgresEventStore(db.pool);
    const inline = new InlineProjections(projections);
    for (let i = 0; i < 3; i += 1) await seedUser({ pool: db.pool, store, inline }, i);
  });
  afterAll(async () => db.drop());

  it('holds the state the usage stream folds to, and the version of that stream', async () => {
    const snapshot = await getUsageSnapshot(db.pool, 'usr_seed_1');
    expect(snapshot).toEqual({
      state: {
        month: '2026-03',
        goalsThisMonth: 3,
        aiGenerationsThisMonth: 0,
        lastResetDate: '2026-03-01T10:02:00.000Z',
      },
      version: 4,
    });
    expect(await getUsageSnapshot(db.pool, 'usr_nobody')).toBeNull();
  });

  it('migration 0031 gives existing rows their stream version; audit verification then finds no drift', async () => {
    // The database as before 0031: counters without a version.
    await db.pool.query('ALTER TABLE usage_counters DROP COLUMN stream_version');
    await db.pool.query('DELETE FROM schema_migrations WHERE version = 31');
    expect(await migrate(db.pool)).toEqual([31]);
    const { rows } = await db.pool.query(
      `SELECT c.user_id, c.stream_version, s.version FROM usage_counters c
         JOIN streams s ON s.stream_id = 'usage-' || c.user_id ORDER BY c.user_id`,
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.stream_version).toBe(row.version);
    expect((await verifyProjection(db.pool, store, usage)).drift).toEqual([]);
    expect((await getUsageSnapshot(db.pool, 'usr_seed_2'))?.version).toBe(4);
  });
});
