import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseFactories, type TestDatabase } from '@stride/testing/postgres';
import { migrate } from '../postgres/migrations';
import type { PoolClient } from '../postgres/pool';
import { canonicalJson, eventDigest } from './event-hash';
import { PostgresEventStore } from './event-store';
import type { NewEvent } from './types';
import { verifyEventChains, verifyIntegrity, verifyLogCheckpoints } from './verify-integrity';

const ev = (type: string, data: unknown): NewEvent => ({ type, data, schemaVersion: 1 });

// Each tampering runs inside a transaction that is rolled back, so every test starts from an intact log.
describe.each(['postgres', 'pglite'] as const)('tamper evidence on %s', (kind) => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const goal = `goal-${randomUUID()}`;
  const other = `goal-${randomUUID()}`;

  const positionOf = async (client: PoolClient, streamId: string, version: number): Promise<number> => {
    const { rows } = await client.query<{ global_position: number }>(
      'SELECT global_position FROM events WHERE stream_id = $1 AND stream_version = $2',
      [streamId, version],
    );
    return rows[0]!.global_position;
  };

  async function tampered(sql: string | string[], values: unknown[] = []) {
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      const positions = { v2: await positionOf(client, goal, 2), v3: await positionOf(client, goal, 3) };
      for (const statement of [sql].flat()) await client.query(statement, values);
      const chains = await verifyEventChains(client);
      const checkpoints = await verifyLogCheckpoints(client);
      return { chains, checkpoints, positions };
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  }

  beforeAll(async () => {
    db = await testDatabaseFactories[kind]();
    store = new PostgresEventStore(db.pool);
    await store.append(goal, [ev('GoalCreated', { title: 'Run a marathon', n: 1 })], { metadata: { userId: 'u-1' } });
    await store.append(goal, [ev('GoalUpdated', { title: 'Run ünïcode 🏃', n: 2 }), ev('GoalUpdated', { n: 3 })], {
      metadata: { userId: 'u-1', correlationId: 'c-1' },
    });
    await store.append(goal, [ev('GoalCompleted', { n: 4 })], { metadata: { userId: 'u-1' } });
    await store.appendToStreams(
      [{ streamId: other, events: [ev('GoalCreated', { title: 'Other', n: 1 }), ev('GoalUpdated', { n: 2 })] }],
      { metadata: { userId: 'u-2' } },
    );
    await db.pool.query('SELECT stride_write_log_checkpoint()');
  });
  afterAll(async () => db?.drop());

  it('verifies an untouched log: every chain and checkpoint holds', async () => {
    const chains = await verifyEventChains(db.pool);
    expect(chains.broken).toEqual([]);
    expect(chains.events).toBe(6);
    const checkpoints = await verifyLogCheckpoints(db.pool);
    expect(checkpoints).toEqual({ checkpoints: 1, firstBroken: null });
  });

  it("detects a change to an event's data and names that event", async () => {
    const { chains, checkpoints, positions } = await tampered(
      `UPDATE events SET data = jsonb_set(data, '{title}', '"Walk"') WHERE stream_id = $1 AND stream_version = 2`,
      [goal],
    );
    expect(chains.broken).toEqual([
      { streamId: goal, globalPosition: positions.v2, streamVersion: 2, reason: expect.stringContaining('content') },
    ]);
    // The checkpoint covers hashes, which did not change: the chain is what catches a content edit.
    expect(checkpoints.firstBroken).toBeNull();
  });

  it("detects a change to an event's metadata", async () => {
    const { chains, positions } = await tampered(
      `UPDATE events SET metadata = metadata || '{"userId":"intruder"}' WHERE stream_id = $1 AND stream_version = 3`,
      [goal],
    );
    expect(chains.broken).toMatchObject([{ streamId: goal, globalPosition: positions.v3, streamVersion: 3 }]);
  });

  it("detects a change to an event's type", async () => {
    const { chains } = await tampered(
      `UPDATE events SET event_type = 'GoalAbandoned' WHERE stream_id = $1 AND stream_version = 4`,
      [goal],
    );
    expect(chains.broken).toMatchObject([{ streamId: goal, streamVersion: 4 }]);
  });

  it('detects a deleted event (in the middle and at the end) in the chain and in the checkpoint', async () => {
    const middle = await tampered('DELETE FROM events WHERE stream_id = $1 AND stream_version = 2', [goal]);
    expect(middle.chains.broken).toMatchObject([
      {
        streamId: goal,
        globalPosition: middle.positions.v3,
        streamVersion: 3,
        reason: expect.stringContaining('missing'),
      },
    ]);
    expect(middle.checkpoints.firstBroken).not.toBeNull();

    const last = await tampered('DELETE FROM events WHERE stream_id = $1 AND stream_version = 2', [other]);
    expect(last.chains.broken).toMatchObject([{ streamId: other, globalPosition: null, streamVersion: 2 }]);
  });

  it('detects two swapped rows: swapped versions in a stream, swapped places in the log', async () => {
    const versions = await tampered(
      [
        'UPDATE events SET stream_version = 1000 WHERE stream_id = $1 AND stream_version = 2',
        'UPDATE events SET stream_version = 2 WHERE stream_id = $1 AND stream_version = 3',
        'UPDATE events SET stream_version = 3 WHERE stream_id = $1 AND stream_version = 1000',
      ],
      [goal],
    );
    expect(versions.chains.broken).toMatchObject([{ streamId: goal, streamVersion: 2 }]);

    // Two events trade places in the log (transaction id and position): the streams still chain, the log order no longer matches.
    const places = await tampered(
      `WITH a AS (SELECT * FROM events WHERE stream_id = $1 AND stream_version = 1),
            b AS (SELECT * FROM events WHERE stream_id = $2 AND stream_version = 1)
       UPDATE events e
          SET transaction_id = CASE WHEN e.global_position = a.global_position THEN b.transaction_id ELSE a.transaction_id END,
              global_position = CASE WHEN e.global_position = a.global_position THEN -b.global_position
                                     ELSE -a.global_position END
         FROM a, b WHERE e.global_position IN (a.global_position, b.global_position)`,
      [goal, other],
    );
    expect(places.chains.broken).toEqual([]);
    expect(places.checkpoints.firstBroken).toMatchObject({ reason: expect.stringContaining('hash') });
  });

  it('verifies one snapshot: appends committing meanwhile are never reported as tampering', async () => {
    const busy = `goal-${randomUUID()}`;
    const writes = (async () => {
      for (let i = 0; i < 30; i += 1)
        await store.append(busy, [ev('GoalUpdated', { i })], { metadata: { userId: 'u-4' } });
    })();
    const checks = [];
    for (let i = 0; i < 5; i += 1) checks.push(await verifyIntegrity(db.pool));
    await writes;
    for (const { chains, checkpoints } of checks) {
      expect(chains.broken).toEqual([]);
      expect(checkpoints.firstBroken).toBeNull();
    }
  });

  it('writes a log checkpoint when an append crosses a multiple of 1024 positions', async () => {
    const before = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM log_checkpoints');
    const many = Array.from({ length: 1030 }, (_, i) => ev('TaskAdded', { i }));
    await store.append(`goal-${randomUUID()}`, many.slice(0, 515), { metadata: { userId: 'u-3' } });
    await store.append(`goal-${randomUUID()}`, many.slice(515), { metadata: { userId: 'u-3' } });
    const after = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM log_checkpoints');
    expect(after.rows[0]!.n).toBeGreaterThan(before.rows[0]!.n);
    expect((await verifyLogCheckpoints(db.pool)).firstBroken).toBeNull();
    expect((await verifyEventChains(db.pool)).broken).toEqual([]);
  });
});

describe.each(['postgres', 'pglite'] as const)('the chain migration (0040) on %s', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabaseFactories[kind]({ migrateUpTo: 39 });
  });
  afterAll(async () => db?.drop());

  it('gives events written before it their chain, so they verify and later appends continue the chain', async () => {
    const streamId = `goal-${randomUUID()}`;
    const events = JSON.stringify([
      { i: randomUUID(), y: 'GoalCreated', v: 1, n: 1, d: { title: 'Old' } },
      { i: randomUUID(), y: 'GoalUpdated', v: 1, n: 2, d: { title: 'Older' } },
    ]);
    await db.pool.query(`SELECT * FROM stride_append_batch($1, 'goal', 'u-1', -1, '{"userId":"u-1"}', $2::json)`, [
      streamId,
      events,
    ]);
    await migrate(db.pool);
    const store = new PostgresEventStore(db.pool);
    await store.append(streamId, [ev('GoalCompleted', {})], { metadata: { userId: 'u-1' } });
    const chains = await verifyEventChains(db.pool);
    expect(chains).toMatchObject({ events: 3, broken: [] });

    await db.pool.query(`UPDATE events SET data = '{"title":"Edited"}' WHERE stream_id = $1 AND stream_version = 1`, [
      streamId,
    ]);
    expect((await verifyEventChains(db.pool)).broken).toMatchObject([{ streamId, streamVersion: 1 }]);
  });
});

describe.each(['postgres', 'pglite'] as const)(
  'hash formats 1 (0040), 2 (0085) and 3 (0098) side by side on %s',
  (kind) => {
    let db: TestDatabase;
    const streamId = `goal-${randomUUID()}`;
    beforeAll(async () => {
      db = await testDatabaseFactories[kind]({ migrateUpTo: 80 });
      // Written by 0040's append: format 1, hashed in PostgreSQL from data::text and metadata::text.
      const events = JSON.stringify([
        { i: randomUUID(), y: 'GoalCreated', v: 1, n: 1, d: { title: 'Old', nested: { b: 2, a: [1, 'ü'] } } },
        { i: randomUUID(), y: 'GoalUpdated', v: 1, n: 2, d: { title: 'Older' } },
      ]);
      await db.pool.query(`SELECT * FROM stride_append_batch($1, 'goal', 'u-1', -1, '{"userId":"u-1"}', $2::json)`, [
        streamId,
        events,
      ]);
      // Written by 0085's append: format 2, its digest computed by the writer.
      await migrate(db.pool, { upTo: 97 });
      const eventId = randomUUID();
      const data = { title: 'New 🏃', z: null, a: { d: 1.5, c: [true, {}] } };
      const metadata = { userId: 'u-1', extra: { y: 1, x: 'two' } };
      const digest = eventDigest({
        streamId,
        eventId,
        type: 'GoalUpdated',
        schemaVersion: 1,
        dataJson: canonicalJson(data),
        metadataJson: canonicalJson({ ...metadata, schemaVersion: 1 }),
      });
      await db.pool.query(`SELECT * FROM stride_append_batch($1, 'goal', 'u-1', -1, $2::jsonb, $3::json, $4::bytea)`, [
        streamId,
        JSON.stringify(metadata),
        JSON.stringify([{ i: eventId, y: 'GoalUpdated', v: 1, n: 1, d: data }]),
        digest,
      ]);
      await migrate(db.pool);
      const store = new PostgresEventStore(db.pool);
      await store.appendToStreams([{ streamId, events: [ev('GoalCompleted', { n: 4 }), ev('GoalReopened', {})] }], {
        metadata: { userId: 'u-1' },
      });
    });
    afterAll(async () => db?.drop());

    const tamperedAt = async (sql: string | string[]) => {
      const client = await db.pool.connect();
      try {
        await client.query('BEGIN');
        for (const statement of [sql].flat()) await client.query(statement, [streamId]);
        return (await verifyEventChains(client)).broken;
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    };

    it('one stream chains across both formats and verifies', async () => {
      const { rows } = await db.pool.query<{ hash_format: number }>(
        'SELECT hash_format FROM events WHERE stream_id = $1 ORDER BY stream_version',
        [streamId],
      );
      expect(rows.map((row) => row.hash_format)).toEqual([1, 1, 2, 3, 3]);
      expect(await verifyEventChains(db.pool)).toMatchObject({ events: 5, broken: [] });
    });

    it.each([
      [
        'data of a format 1 event',
        `UPDATE events SET data = data || '{"title":"Edited"}' WHERE stream_id = $1 AND stream_version = 2`,
        2,
      ],
      [
        'data of a format 2 event',
        `UPDATE events SET data = jsonb_set(data, '{a,d}', '2.5') WHERE stream_id = $1 AND stream_version = 3`,
        3,
      ],
      [
        'metadata of a format 3 event',
        `UPDATE events SET metadata = metadata || '{"userId":"intruder"}' WHERE stream_id = $1 AND stream_version = 4`,
        4,
      ],
      [
        'type of a format 3 event',
        `UPDATE events SET event_type = 'GoalAbandoned' WHERE stream_id = $1 AND stream_version = 5`,
        5,
      ],
      [
        'recorded time of a format 2 event',
        `UPDATE events SET recorded_at = recorded_at + interval '1 microsecond' WHERE stream_id = $1 AND stream_version = 3`,
        3,
      ],
      [
        'format of a format 3 event',
        `UPDATE events SET hash_format = 1 WHERE stream_id = $1 AND stream_version = 4`,
        4,
      ],
      [
        'format of a format 2 event',
        `UPDATE events SET hash_format = 3 WHERE stream_id = $1 AND stream_version = 3`,
        3,
      ],
      [
        'sealed bytes of a format 3 event (added)',
        `UPDATE events SET sealed = '\\x0300'::bytea WHERE stream_id = $1 AND stream_version = 5`,
        5,
      ],
      [
        'sealed bytes of a format 2 event (added)',
        `UPDATE events SET sealed = '\\x0300'::bytea WHERE stream_id = $1 AND stream_version = 3`,
        3,
      ],
    ])('detects a change to the %s', async (_what, sql, version) => {
      expect(await tamperedAt(sql)).toMatchObject([{ streamId, streamVersion: version }]);
    });

    it('detects two events of a stream swapped', async () => {
      const broken = await tamperedAt([
        'UPDATE events SET stream_version = 1000 WHERE stream_id = $1 AND stream_version = 4',
        'UPDATE events SET stream_version = 4 WHERE stream_id = $1 AND stream_version = 5',
        'UPDATE events SET stream_version = 5 WHERE stream_id = $1 AND stream_version = 1000',
      ]);
      expect(broken).toMatchObject([{ streamId, streamVersion: 4 }]);
    });
  },
);
