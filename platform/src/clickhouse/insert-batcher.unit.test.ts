import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchToken, InsertBatcher } from './insert-batcher';

interface Row {
  readonly id: string;
}
const rows = (from: number, count: number): Row[] => Array.from({ length: count }, (_, i) => ({ id: `e${from + i}` }));

function recorder(failures = 0) {
  const batches: { ids: string[]; token: string }[] = [];
  let left = failures;
  const insert = vi.fn(async (batch: readonly Row[], token: string) => {
    batches.push({ ids: batch.map((row) => row.id), token });
    if (left > 0) {
      left -= 1;
      throw new Error('connection reset');
    }
  });
  return { batches, insert };
}

describe('InsertBatcher', () => {
  afterEach(() => vi.useRealTimers());

  it('writes once maxRows are waiting and resolves each caller when its rows are stored', async () => {
    const { batches, insert } = recorder();
    const batcher = new InsertBatcher<Row>({ table: 't', insert, idOf: (r) => r.id, maxRows: 4, maxWaitMs: 60_000 });
    const first = batcher.add(rows(0, 2));
    expect(insert).not.toHaveBeenCalled();
    const second = batcher.add(rows(2, 2));
    await Promise.all([first, second]);
    expect(batches.map((b) => b.ids)).toEqual([['e0', 'e1', 'e2', 'e3']]);
  });

  it('writes what waits after maxWaitMs', async () => {
    vi.useFakeTimers();
    const { batches, insert } = recorder();
    const batcher = new InsertBatcher<Row>({ table: 't', insert, idOf: (r) => r.id, maxRows: 100, maxWaitMs: 1_000 });
    const stored = batcher.add(rows(0, 3));
    await vi.advanceTimersByTimeAsync(999);
    expect(insert).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await stored;
    expect(batches).toHaveLength(1);
  });

  it('splits a buffer larger than maxBatchRows into several inserts, in order', async () => {
    const { batches, insert } = recorder();
    const batcher = new InsertBatcher<Row>({ table: 't', insert, idOf: (r) => r.id, maxRows: 2, maxBatchRows: 3 });
    await batcher.add(rows(0, 7));
    expect(batches.map((b) => b.ids.length)).toEqual([3, 3, 1]);
    expect(batches.flatMap((b) => b.ids)).toEqual(rows(0, 7).map((r) => r.id));
  });

  it('retries a failed batch with the same de-duplication token', async () => {
    const { batches, insert } = recorder(2);
    const batcher = new InsertBatcher<Row>({ table: 't', insert, idOf: (r) => r.id, maxRows: 3, retryBaseDelayMs: 1 });
    await batcher.add(rows(0, 3));
    expect(batches).toHaveLength(3);
    expect(new Set(batches.map((b) => b.token))).toEqual(new Set([batchToken('t', 'e0', 'e2', 3)]));
    expect(batcher.stats()).toMatchObject({ flushedRows: 3, flushedBatches: 1, failedBatches: 0, lastError: null });
  });

  it('rejects its callers after the last attempt, so their source delivers the rows again', async () => {
    const { insert } = recorder(10);
    const batcher = new InsertBatcher<Row>({
      table: 't',
      insert,
      idOf: (r) => r.id,
      maxRows: 1,
      attempts: 3,
      retryBaseDelayMs: 1,
    });
    await expect(batcher.add(rows(0, 1))).rejects.toThrow('connection reset');
    expect(insert).toHaveBeenCalledTimes(3);
    expect(batcher.stats()).toMatchObject({ buffered: 0, failedBatches: 1, lastError: 'connection reset' });
  });

  it('flushes everything on close and refuses rows afterwards', async () => {
    const { batches, insert } = recorder();
    const batcher = new InsertBatcher<Row>({ table: 't', insert, idOf: (r) => r.id, maxRows: 100, maxWaitMs: 60_000 });
    const pending = batcher.add(rows(0, 5));
    await batcher.close();
    await pending;
    expect(batches.map((b) => b.ids.length)).toEqual([5]);
    await expect(batcher.add(rows(5, 1))).rejects.toThrow('closed');
  });

  it('derives the same token for the same batch and different tokens otherwise', () => {
    expect(batchToken('t', 'a', 'b', 2)).toBe(batchToken('t', 'a', 'b', 2));
    expect(batchToken('t', 'a', 'b', 2)).not.toBe(batchToken('t', 'a', 'c', 2));
    expect(batchToken('t', 'a', 'b', 2)).not.toBe(batchToken('u', 'a', 'b', 2));
  });

  describe('a batch with a row that cannot be stored', () => {
    const poisoned = (bad: string) => {
      const stored: string[] = [];
      const insert = vi.fn(async (batch: readonly Row[]) => {
        if (batch.some((row) => row.id === bad)) throw new Error('Cannot parse input: bad UTF-8');
        stored.push(...batch.map((row) => row.id));
      });
      return { stored, insert };
    };

    it('is split until the good rows land; the bad row goes to the dead letters and every caller resolves', async () => {
      const { stored, insert } = poisoned('e7');
      const dead: { id: string; error: string }[] = [];
      const batcher = new InsertBatcher<Row>({
        table: 't',
        insert,
        idOf: (r) => r.id,
        maxRows: 12,
        attempts: 2,
        retryBaseDelayMs: 1,
        deadLetter: async (row, error) => void dead.push({ id: row.id, error: error.message }),
      });
      const theirs = batcher.add(rows(0, 6));
      const mine = batcher.add(rows(6, 6));
      await expect(Promise.all([theirs, mine])).resolves.toBeDefined();
      expect(stored.sort()).toEqual(
        rows(0, 12)
          .map((r) => r.id)
          .filter((id) => id !== 'e7')
          .sort(),
      );
      expect(dead).toEqual([{ id: 'e7', error: 'Cannot parse input: bad UTF-8' }]);
      expect(batcher.stats()).toMatchObject({ deadLetters: 1, buffered: 0 });
    });

    it('fails its callers when the dead letter cannot be stored either (the server is down)', async () => {
      const insert = vi.fn(async () => {
        throw new Error('connection refused');
      });
      const batcher = new InsertBatcher<Row>({
        table: 't',
        insert,
        idOf: (r) => r.id,
        maxRows: 64,
        attempts: 2,
        retryBaseDelayMs: 1,
        deadLetter: async () => {
          throw new Error('connection refused');
        },
      });
      await expect(batcher.add(rows(0, 64))).rejects.toThrow('connection refused');
      // the whole batch twice, then one attempt per half down to one row, which gets two: about log2(n) calls
      expect(insert.mock.calls.length).toBeLessThanOrEqual(2 + 6 + 2);
    });
  });
});
