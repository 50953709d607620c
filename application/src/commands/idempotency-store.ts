import type { Pool, Queryable } from '@stride/platform/postgres/pool';

/** What a command left for a retry with the same Idempotency-Key (table command_idempotency). */
export interface StoredCommand {
  readonly fingerprint: string;
  /** The command's result (ids it chose, its position), stored in the transaction of its events. */
  readonly result: unknown;
  /** The response sent for it, once sent. */
  readonly response: { readonly statusCode: number; readonly body: unknown } | null;
}

export interface IdempotencyClaim {
  readonly userId: string;
  readonly key: string;
  /** Hash of the request (method, route, params, body): a key reused for another request is refused. */
  readonly fingerprint: string;
}

/** Thrown inside a command's transaction when a concurrent request with the same key committed first. */
export class IdempotentReplay extends Error {
  override readonly name = 'IdempotentReplay';
  constructor(readonly claim: IdempotencyClaim) {
    super(`Idempotency-Key '${claim.key}' was used by a concurrent request`);
  }
}

/** SQLSTATE of stride_claim_idempotency_key when the key is already claimed. */
const KEY_TAKEN = 'SA004';

export class IdempotencyStore {
  constructor(private readonly pool: Pool) {}

  async find(userId: string, key: string): Promise<StoredCommand | null> {
    const { rows } = await this.pool.query<{
      fingerprint: string;
      result: unknown;
      status_code: number | null;
      response: unknown;
    }>(
      `SELECT fingerprint, result, status_code, response FROM command_idempotency
        WHERE user_id = $1 AND idempotency_key = $2`,
      [userId, key],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      fingerprint: row.fingerprint,
      result: row.result,
      response: row.status_code === null ? null : { statusCode: row.status_code, body: row.response },
    };
  }

  /**
   * Records the command's result in the caller's transaction (the one appending its events). If the key
   * is already taken, waits for that transaction and throws IdempotentReplay, rolling this one back.
   */
  async claim(db: Queryable, claim: IdempotencyClaim, result: unknown): Promise<void> {
    const { text, values } = this.claimStatement(claim, result);
    await db.query(text, [...values]).catch((error: unknown) => {
      throw this.claimError(claim, error);
    });
  }

  /**
   * `claim` as a statement to send with others (the COMMIT's message: one-message.ts); it fails when the
   * key is taken (stride_claim_idempotency_key, migration 0100), and `claimError` reads that failure.
   */
  claimStatement(claim: IdempotencyClaim, result: unknown): { text: string; values: readonly unknown[] } {
    return {
      text: 'SELECT stride_claim_idempotency_key($1, $2, $3, $4::jsonb)',
      values: [claim.userId, claim.key, claim.fingerprint, JSON.stringify(result ?? null)],
    };
  }

  /** IdempotentReplay when `error` is the claim statement's failure on a key taken; else `error` itself. */
  claimError(claim: IdempotencyClaim, error: unknown): unknown {
    return (error as { code?: string }).code === KEY_TAKEN ? new IdempotentReplay(claim) : error;
  }

  /** Forgets keys claimed before `cutoff` (retries come within minutes; keys are kept 24 hours). */
  async deleteClaimedBefore(cutoff: Date): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM command_idempotency WHERE created_at < $1', [cutoff]);
    return rowCount ?? 0;
  }

  /** Keeps the response sent, so later retries get exactly it. */
  async saveResponse(claim: IdempotencyClaim, statusCode: number, body: unknown): Promise<void> {
    await this.pool.query(
      `UPDATE command_idempotency SET status_code = $3, response = $4::jsonb
        WHERE user_id = $1 AND idempotency_key = $2 AND status_code IS NULL`,
      [claim.userId, claim.key, statusCode, JSON.stringify(body)],
    );
  }
}
