import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteTestDatabase, createServerTestDatabase, type TestDatabase } from '@stride/testing/postgres';
import { preparedQuery } from './pool';

const TEXT = 'SELECT $1::int + 1 AS next';

/** Named prepared statements on a server, and on PGlite where every connection is one backend session. */
describe.each([
  ['PostgreSQL server', () => createServerTestDatabase({ poolSize: 4 })],
  ['PGlite (one backend)', () => createPgliteTestDatabase({ poolSize: 4 })],
])('preparedQuery on %s', (_name, create) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await create();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('runs one text on the pool and on several connections held at once, again and again', async () => {
    const clients = await Promise.all([db.pool.connect(), db.pool.connect()]);
    try {
      for (let round = 0; round < 3; round += 1) {
        const answers = await Promise.all([
          ...clients.map((client, i) => preparedQuery<{ next: number }>(client, TEXT, [round * 10 + i])),
          preparedQuery<{ next: number }>(db.pool, TEXT, [round * 10 + 5]),
        ]);
        expect(answers.map(({ rows }) => rows[0]!.next)).toEqual([round * 10 + 1, round * 10 + 2, round * 10 + 6]);
      }
      const { rows } = await clients[0]!.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM pg_prepared_statements WHERE name LIKE 'stride_%'",
      );
      expect(rows[0]!.count).toBeGreaterThanOrEqual(1);
    } finally {
      for (const client of clients) client.release();
    }
  });

  it('plans a statement once per connection, even where plans for its values would look cheaper', async () => {
    const client = await db.pool.connect();
    try {
      // For `= ANY($1)` PostgreSQL's default mode keeps planning for the values (a one-key plan looks
      // cheaper than the generic one): a command's row load was planned on every call.
      const text = 'SELECT relname FROM pg_class WHERE relname = ANY($1::text[]) ORDER BY relname FOR SHARE';
      for (let call = 0; call < 8; call += 1) {
        const { rows } = await preparedQuery<{ relname: string }>(client, text, [['pg_class', 'pg_type']]);
        expect(rows.map((row) => row.relname)).toEqual(['pg_class', 'pg_type']);
      }
      const { rows } = await client.query<{ generic_plans: number; custom_plans: number }>(
        'SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1',
        [text],
      );
      expect(rows).toEqual([{ generic_plans: 8, custom_plans: 0 }]);
    } finally {
      client.release();
    }
  });
  it("keeps a lookup by key on the key's index, even when its one plan is made while the table is small", async () => {
    const client = await db.pool.connect();
    try {
      // A read model's size when bench:api's plans were made (a few hundred rows, analyzed). With the
      // default random_page_cost (4, spinning disks) the one plan of a lookup by key scanned the whole table
      // and sorted it, and went on doing so as the table grew until autovacuum analyzed it again.
      await client.query(`CREATE TABLE plan_probe (id text PRIMARY KEY, owner text NOT NULL, title text NOT NULL,
        body text NOT NULL, created_at text NOT NULL, updated_at text NOT NULL, version integer NOT NULL)`);
      await client.query(`INSERT INTO plan_probe SELECT md5(i::text), 'usr_' || (i % 128), 'Seeded goal ' || i,
        'A goal with a few tasks', '2026-11-27T22:06:16.238Z', '2026-11-27T22:06:16.238Z', 1
        FROM generate_series(1, 600) AS i`);
      await client.query('ANALYZE plan_probe');
      await client.query(
        'PREPARE plan_probe_lookup(text[]) AS SELECT * FROM plan_probe WHERE id = ANY($1) ORDER BY id FOR UPDATE',
      );
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN EXECUTE plan_probe_lookup('{${'1'.padStart(32, '0')}}')`,
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('plan_probe_pkey');
      expect(plan).not.toContain('Seq Scan');
      await client.query('DEALLOCATE plan_probe_lookup');
      await client.query('DROP TABLE plan_probe');
    } finally {
      client.release();
    }
  });
});
