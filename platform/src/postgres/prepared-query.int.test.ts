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
});
