import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteTestDatabase, createServerTestDatabase, type TestDatabase } from '@stride/testing/postgres';
import { inTransaction } from './lazy-transaction';
import { runInOneMessage } from './one-message';
import type { PoolClient } from './pool';

const ECHO =
  'SELECT $1::text AS t, $2::bytea AS b, $3::text[] AS a, $4::jsonb AS j, $5::int AS n, $6::timestamptz AS d';

/** Counts the messages (round trips) a client sends. */
const counted = (client: PoolClient): { client: PoolClient; messages: () => number } => {
  let messages = 0;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    messages += 1;
    return query(...args);
  };
  return { client, messages: () => messages };
};

describe.each([
  ['PostgreSQL server', () => createServerTestDatabase({ poolSize: 4 })],
  ['PGlite (one backend)', () => createPgliteTestDatabase({ poolSize: 4 })],
])('statements in one message on %s', (_name, create) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await create();
    await db.pool.query('CREATE TABLE notes (id text PRIMARY KEY, body text NOT NULL)');
  });
  afterAll(async () => {
    await db.drop();
  });

  it('gives every value back as sent: text, bytes, arrays, JSON, numbers, times and NULL (property)', async () => {
    const client = await db.pool.connect();
    try {
      const text = fc.string({ unit: 'binary' }).map((value) => value.replaceAll('\0', ''));
      await fc.assert(
        fc.asyncProperty(
          fc.option(text),
          fc.uint8Array({ maxLength: 64 }),
          fc.array(text, { maxLength: 4 }),
          fc.dictionary(text, fc.oneof(text, fc.integer(), fc.boolean()), { maxKeys: 3 }),
          fc.integer({ min: -1_000_000, max: 1_000_000 }),
          fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
          async (t, bytes, array, json, n, date) => {
            const [result] = await runInOneMessage(client, [
              { text: ECHO, values: [t, Buffer.from(bytes), array, JSON.stringify(json), n, date] },
            ]);
            const row = result!.rows[0] as Record<string, unknown>;
            expect(row.t).toBe(t);
            expect([...(row.b as Buffer)]).toEqual([...bytes]);
            expect(row.a).toEqual(array);
            expect(row.j).toEqual(json);
            expect(row.n).toBe(n);
            expect((row.d as Date).getTime()).toBe(date.getTime());
          },
        ),
        { numRuns: 60 },
      );
    } finally {
      client.release();
    }
  });

  it('runs the statements in order in one round trip, each seeing the ones before', async () => {
    const { client, messages } = counted(await db.pool.connect());
    try {
      const insert = { text: 'INSERT INTO notes (id, body) VALUES ($1, $2) RETURNING id', values: ['a', "it's"] };
      const select = { text: 'SELECT count(*)::int AS count FROM notes WHERE id = $1', values: ['a'] };
      await runInOneMessage(client, [insert, select]); // prepares each once, in messages of their own
      await client.query('DELETE FROM notes');
      const before = messages();
      const results = await runInOneMessage(client, [insert, select]);
      expect(messages() - before).toBe(1);
      expect(results.map((result) => result.rows)).toEqual([[{ id: 'a' }], [{ count: 1 }]]);
    } finally {
      await client.query('DELETE FROM notes');
      client.release();
    }
  });

  it('stops at the first error: the later statements do not run', async () => {
    const client = await db.pool.connect();
    try {
      await client.query("INSERT INTO notes (id, body) VALUES ('taken', 'x')");
      const insert = (id: string) => ({ text: 'INSERT INTO notes (id, body) VALUES ($1, $2)', values: [id, 'y'] });
      await expect(runInOneMessage(client, [insert('taken'), insert('later')])).rejects.toThrow(/duplicate key/);
      const { rows } = await client.query('SELECT id FROM notes ORDER BY id');
      expect(rows).toEqual([{ id: 'taken' }]);
    } finally {
      await client.query('DELETE FROM notes');
      client.release();
    }
  });

  it('prepares each statement once per connection, on several connections at once', async () => {
    const clients = await Promise.all([db.pool.connect(), db.pool.connect()]);
    try {
      const statement = { text: 'SELECT $1::int * 2 AS twice', values: [21] };
      for (let round = 0; round < 3; round += 1) {
        const answers = await Promise.all(clients.map((client) => runInOneMessage(client, [statement])));
        expect(answers.map(([result]) => result!.rows[0])).toEqual([{ twice: 42 }, { twice: 42 }]);
      }
    } finally {
      for (const client of clients) client.release();
    }
  });

  describe('a lazy transaction', () => {
    const insert = (id: string) => ({ text: 'INSERT INTO notes (id, body) VALUES ($1, $2)', values: [id, 'z'] });
    const ids = async () => (await db.pool.query<{ id: string }>('SELECT id FROM notes ORDER BY id')).rows;

    it('sends BEGIN with its first statements and COMMIT with its last: two round trips for two steps', async () => {
      await inTransaction(db.pool, async (transaction) => {
        await runInOneMessage(transaction.client, [insert('warm')]); // prepared outside the count
        await transaction.client.query("DELETE FROM notes WHERE id = 'warm'");
        const { messages } = counted(transaction.client);
        await transaction.send([insert('first')]);
        await transaction.commit([insert('second')], "SELECT 'after the commit'");
        expect(messages()).toBe(2);
      });
      expect(await ids()).toEqual([{ id: 'first' }, { id: 'second' }]);
      await db.pool.query('DELETE FROM notes');
    });

    it('commits nothing when a statement of the committing message fails', async () => {
      await db.pool.query("INSERT INTO notes (id, body) VALUES ('taken', 'x')");
      await expect(
        inTransaction(db.pool, async (transaction) => {
          await transaction.send([insert('first')]);
          await transaction.commit([insert('taken')]);
        }),
      ).rejects.toThrow(/duplicate key/);
      expect(await ids()).toEqual([{ id: 'taken' }]);
      await db.pool.query('DELETE FROM notes');
    });

    it('rolls back what it sent when the work throws, and sends nothing when it has nothing to commit', async () => {
      await expect(
        inTransaction(db.pool, async (transaction) => {
          await transaction.send([insert('first')]);
          throw new Error('the decision failed');
        }),
      ).rejects.toThrow('the decision failed');
      expect(await ids()).toEqual([]);
      await inTransaction(db.pool, async (transaction) => {
        const { messages } = counted(transaction.client);
        expect(await transaction.commit([])).toEqual([]);
        expect(messages()).toBe(0);
      });
    });
  });
});
