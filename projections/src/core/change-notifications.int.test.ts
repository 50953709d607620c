import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '@stride/platform/postgres/lazy-transaction';
import { createServerTestDatabase, type TestDatabase } from '@stride/testing/postgres';
import { notifyAfterCommit, READ_MODEL_CHANNEL, type ReadModelChange } from './change-notifications';

/** The read-model NOTIFY rides on a command's COMMIT message: heard after the commit, never for a rollback. */
describe('read-model change notifications sent with the COMMIT (PostgreSQL server)', () => {
  let db: TestDatabase;
  let listener: pg.Client;
  const heard: string[] = [];
  beforeAll(async () => {
    db = await createServerTestDatabase();
    listener = new pg.Client({ connectionString: db.url });
    await listener.connect();
    listener.on('notification', (message) => {
      if (message.channel === READ_MODEL_CHANNEL) heard.push(message.payload ?? '');
    });
    await listener.query(`LISTEN ${READ_MODEL_CHANNEL}`);
  });
  afterAll(async () => {
    await listener.end();
    await db.drop();
  });

  /** Waits for the next `count` notifications (PostgreSQL delivers them in commit order). */
  const next = async (count: number): Promise<ReadModelChange[]> => {
    while (heard.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
    return heard.splice(0, count).map((payload) => JSON.parse(payload) as ReadModelChange);
  };

  const change = (projection: string, users: string[], position: number): ReadModelChange => ({
    projection,
    users,
    position,
  });

  it('names the users of each projection once, after the commit, merged across changes', async () => {
    const result = await inTransaction(db.pool, async (transaction) => {
      const [selected] = await transaction.send([{ text: 'SELECT $1::int AS one', values: [1] }]);
      await transaction.commit(
        [],
        notifyAfterCommit([change('goals', ['u1'], 5), change('usage', ['u1'], 5), change('goals', ["o'neil"], 7)]),
      );
      return (selected!.rows[0] as { one: number }).one;
    });
    expect(result).toBe(1);
    expect(await next(2)).toEqual([change('goals', ['u1', "o'neil"], 7), change('usage', ['u1'], 5)]);
  });

  it('a transaction rolled back notifies nothing', async () => {
    await expect(
      inTransaction(db.pool, async (transaction) => {
        await transaction.begin();
        throw new Error('decided against');
      }),
    ).rejects.toThrow('decided against');
    await inTransaction(db.pool, async (transaction) => {
      await transaction.begin();
      await transaction.commit([], notifyAfterCommit([change('goals', ['marker'], 10)]));
    });
    expect(await next(1)).toEqual([change('goals', ['marker'], 10)]);
  });

  it('a notification that cannot be sent (a payload over 8000 bytes) does not fail the committed work', async () => {
    await db.pool.query('CREATE TABLE committed_marks (id int)');
    const tooLong = `SELECT stride_notify_quietly('${READ_MODEL_CHANNEL}', ARRAY[repeat('x', 9000)])`;
    await inTransaction(db.pool, (transaction) =>
      transaction.commit([{ text: 'INSERT INTO committed_marks VALUES ($1::int)', values: [1] }], tooLong),
    );
    expect((await db.pool.query('SELECT count(*)::int AS n FROM committed_marks')).rows[0].n).toBe(1);
    await inTransaction(db.pool, async (transaction) => {
      await transaction.begin();
      await transaction.commit([], notifyAfterCommit([change('goals', ['after'], 11)]));
    });
    expect(await next(1)).toEqual([change('goals', ['after'], 11)]);
  });
});
