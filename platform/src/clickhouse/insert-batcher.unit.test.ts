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
});
