import type pg from 'pg';
import { runInOneMessage, type MessageStatement } from './one-message';
import type { Pool, PoolClient } from './pool';

/**
 * A transaction whose BEGIN travels with its first statements and whose COMMIT with its last ones, so that
 * a short transaction costs as few round trips as it has dependent steps (one-message.ts): BEGIN, the
 * statements and the COMMIT otherwise each cost one.
 */
export class LazyTransaction {
  private began = false;
  private ended = false;

  constructor(readonly client: PoolClient) {}

  /** Whether BEGIN has been sent (the transaction then needs a COMMIT or a ROLLBACK). */
  get open(): boolean {
    return this.began && !this.ended;
  }

  /** Sends BEGIN now, unless it has been sent: before statements sent otherwise than through `send`. */
  async begin(): Promise<void> {
    if (this.began) return;
    this.began = true;
    await this.client.query('BEGIN');
  }

  /** Runs the statements in one message, after BEGIN when it has not been sent; one result per statement. */
  async send(statements: readonly MessageStatement[]): Promise<pg.QueryResult[]> {
    const begin = !this.began;
    this.began = true;
    const results = await runInOneMessage(this.client, begin ? ['BEGIN', ...statements] : statements);
    return results.slice(begin ? 1 : 0);
  }

  /**
   * Runs the statements, then COMMIT and `after` (statements that must not fail, run once committed, in
   * transactions of their own: a NOTIFY), in one message; one result per statement given. A transaction
   * that has not begun and is given no statements has nothing to commit: nothing is sent.
   */
  async commit(statements: readonly MessageStatement[], after: string | null = null): Promise<pg.QueryResult[]> {
    if (!this.began && statements.length === 0) {
      this.ended = true;
      return [];
    }
    const begin = !this.began;
    this.began = true;
    const results = await runInOneMessage(this.client, [
      ...(begin ? ['BEGIN'] : []),
      ...statements,
      after ? `COMMIT;\n${after}` : 'COMMIT',
    ]);
    this.ended = true;
    const first = begin ? 1 : 0;
    return results.slice(first, first + statements.length);
  }
}

/**
 * Runs `work` on one connection in a `LazyTransaction`: commits what it left open, rolls back on any error
 * (including one of a message that held the COMMIT: its later statements did not run).
 */
export async function inTransaction<T>(pool: Pool, work: (transaction: LazyTransaction) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const transaction = new LazyTransaction(client);
  try {
    const result = await work(transaction);
    if (transaction.open) await transaction.commit([]);
    return result;
  } catch (error) {
    if (transaction.open) await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
