import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistry } from '@stride/domain/event-catalogue';
import { PostgresEventStore } from '@stride/platform/event-store/event-store';
import { createServerTestDatabase, type TestDatabase } from '@stride/testing/postgres';
import { seedUser, type SeedLog } from '../../test/seed-log';
import { createCoreProjections } from '../core-projections';
import { InlineProjections } from '../core/inline-projections';
import { allRows } from '../core/sql-rows';
import { takeProjectionsInline } from '../core/take-inline';
import { verifyProjection } from '../verify/verify-projection';
import { rebuildProjection } from './rebuild-projection';

const run = promisify(execFile);

describe('projection rebuild and audit verification', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let log: SeedLog;
  const projections = createCoreProjections(eventRegistry);

  const snapshot = async () => {
    const tables: Record<string, unknown[]> = {};
    for (const projection of projections) {
      for (const table of projection.tables) tables[table.name] = await allRows(db.pool, table);
    }
    return tables;
  };

  beforeAll(async () => {
    db = await createServerTestDatabase();
    store = new PostgresEventStore(db.pool);
    log = { pool: db.pool, store, inline: new InlineProjections(projections) };
    for (let i = 0; i < 6; i += 1) await seedUser(log, i);
  });
  afterAll(async () => {
    await db.drop();
  });

  it("every projection names the rows an event touches without the event's place in the log", async () => {
    // Inline batches ask for their rows before the append, and keep what they decoded then (InlineProjections).
    const events = await store.readAll({ gapSafe: false, limit: 100_000 });
    expect(new Set(events.map((event) => event.type)).size).toBeGreaterThan(20);
    const elsewhere = events.map((event) => ({
      ...event,
      globalPosition: event.globalPosition + 10_000,
      transactionId: '999999',
      streamVersion: event.streamVersion + 7,
      recordedAt: new Date(Date.parse(event.recordedAt) + 86_400_000).toISOString(),
    }));
    const named = (batchOf: typeof events) => (projection: (typeof projections)[number]) =>
      projection.decodeBatch(batchOf).refs.map((ref) => `${ref.table.name} ${JSON.stringify(ref.key)}`);
    for (const projection of projections) {
      expect(named(elsewhere)(projection), projection.name).toEqual(named(events)(projection));
    }
  });

  it('a rebuild from position 0 yields exactly the live rows, with the live index names', async () => {
    const before = await snapshot();
    expect((before.goals as unknown[]).length).toBe(18);
    const indexesBefore = await db.pool.query(
      'SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1',
    );
    for (const projection of projections) {
      const result = await rebuildProjection(db.pool, store, projection);
      expect(result.handled).toBeGreaterThan(0);
    }
    expect(await snapshot()).toEqual(before);
    const indexesAfter = await db.pool.query(
      'SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1',
    );
    expect(indexesAfter.rows).toEqual(indexesBefore.rows);
    const { rows } = await db.pool.query("SELECT count(*)::int AS n FROM pg_class WHERE relname LIKE '%__rebuild%'");
    expect(rows[0].n).toBe(0);
  });

  it('rebuilds every projection while commands write inline, and loses none of their writes', async () => {
    let rebuilding = true;
    let seeded = 0;
    const writers = [0, 1].map(async (writer) => {
      for (let i = 0; (rebuilding && i < 5) || i < 2; i += 1) {
        await seedUser(log, 1000 + writer * 1000 + i);
        seeded += 1;
      }
    });
    for (const projection of projections) await rebuildProjection(db.pool, store, projection, { batchSize: 7 });
    rebuilding = false;
    await Promise.all(writers);
    expect(seeded).toBeGreaterThanOrEqual(4);
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM goals');
    expect(rows[0].n).toBe(18 + 3 * seeded);
    const users = await db.pool.query('SELECT count(*)::int AS n FROM users');
    expect(users.rows[0].n).toBe(6 + seeded);
    for (const projection of projections) {
      const verification = await verifyProjection(db.pool, store, projection);
      expect(verification.drift, projection.name).toEqual([]);
    }
  });

  it('a projection left with a checkpoint (asynchronous before) is caught up and taken inline at start-up', async () => {
    const before = await snapshot();
    // As a migration leaves a projection to fill from the log (or an older version left one behind): a
    // checkpoint, here at the start, and tables that lack what came after it.
    await db.pool.query(
      `INSERT INTO subscription_checkpoints (subscription_id, transaction_id, global_position) VALUES ($1, '0', 0)`,
      ['projection:goals'],
    );
    await db.pool.query('DELETE FROM tasks');
    await db.pool.query('DELETE FROM goals');
    const caughtUp = await takeProjectionsInline(db.pool, store, projections);
    expect(caughtUp.goals).toBeGreaterThan(0);
    expect(caughtUp.users).toBe(0);
    expect(await snapshot()).toEqual(before);
    expect((await takeProjectionsInline(db.pool, store, projections)).goals).toBe(0);
    const left = await db.pool.query(
      "SELECT count(*)::int AS n FROM subscription_checkpoints WHERE subscription_id LIKE 'projection:%'",
    );
    expect(left.rows[0].n).toBe(0);
  });

  it('audit verification passes on the live rows and reports a tampered row', async () => {
    for (const projection of projections)
      expect((await verifyProjection(db.pool, store, projection)).drift).toEqual([]);
    await db.pool.query("UPDATE goals SET title = 'tampered' WHERE id = 'g_1_1'");
    await db.pool.query("DELETE FROM usage_counters WHERE user_id = 'usr_seed_2'");
    await db.pool.query(
      `INSERT INTO collections (id, user_id, name, goal_ids, created_at, updated_at)
       VALUES ('forged', 'usr_seed_1', 'Forged', '[]', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
    );
    const goals = await verifyProjection(
      db.pool,
      store,
      projections.find((p) => p.name === 'goals')!,
    );
    expect(goals.drift).toEqual([
      {
        table: 'goals',
        key: '["g_1_1"]',
        kind: 'changed',
        columns: [{ column: 'title', expected: 'Goal 1', actual: 'tampered' }],
      },
    ]);
    const usage = await verifyProjection(
      db.pool,
      store,
      projections.find((p) => p.name === 'usage')!,
    );
    expect(usage.drift).toEqual([{ table: 'usage_counters', key: '["usr_seed_2"]', kind: 'missing', columns: [] }]);
    const collections = await verifyProjection(
      db.pool,
      store,
      projections.find((p) => p.name === 'collections')!,
    );
    expect(collections.drift).toEqual([{ table: 'collections', key: '["forged"]', kind: 'unexpected', columns: [] }]);
  });

  it('the CLIs: audit:verify exits 1 on drift, projections:rebuild repairs it, audit:verify then exits 0', async () => {
    const env = { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'silent' };
    const cwd = new URL('../../..', import.meta.url).pathname;
    const verify = () =>
      run('npx', ['tsx', 'projections/src/cli/audit-verify.ts'], { cwd, env }).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
    const drifted = await verify();
    expect(drifted.code).toBe(1);
    expect(drifted.stdout).toContain('goals: DRIFT in 1 rows');
    expect(drifted.stdout).toContain('title: expected "Goal 1", found "tampered"');

    await run('npx', ['tsx', 'projections/src/cli/rebuild.ts', 'goals', 'usage', 'collections'], { cwd, env });
    const clean = await verify();
    expect(clean.stdout).toContain('goals: ok');
    expect(clean.stdout).toContain('event chains: ok');
    expect(clean.code).toBe(0);

    // An event edited in place: the chain names it, the read models (rebuilt before) still match.
    const { rows } = await db.pool.query<{ stream_id: string; global_position: number }>(
      `UPDATE events SET data = data || '{"edited":true}'
        WHERE global_position = (SELECT min(global_position) FROM events) RETURNING stream_id, global_position`,
    );
    const tampered = await verify();
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toContain('event chains: BROKEN in 1 streams');
    expect(tampered.stdout).toContain(`${rows[0]!.stream_id} version 1 (at position ${rows[0]!.global_position})`);
  }, 120_000);
});
