import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BatchLoader } from './batch-loader';

/** A loadMany that answers `value-of-{key}` for each key and records the batches it was asked for. */
function recorder(fail?: (keys: readonly string[]) => boolean) {
  const batches: string[][] = [];
  const loadMany = vi.fn(async (keys: readonly string[]) => {
    batches.push([...keys]);
    if (fail?.(keys)) throw new Error(`batch of ${keys.join(',')} failed`);
    return keys.map((key) => `value-of-${key}`);
  });
  return { batches, loadMany };
}

/** How a promise has settled so far (microtasks run by the fake-timer advance). */
function watch<T>(promise: Promise<T>) {
  const state: { value?: T; error?: Error; settled: boolean } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { value, settled: true }),
    (error: Error) => Object.assign(state, { error, settled: true }),
  );
  return state;
}

describe('BatchLoader', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('given loads within the window, when the window ends, then one loadMany with every key in order', async () => {
    const { batches, loadMany } = recorder();
    const loader = new BatchLoader(loadMany, { windowMs: 50 });
    const a = loader.load('a');
    await vi.advanceTimersByTimeAsync(20);
    const b = loader.load('b');
    await vi.advanceTimersByTimeAsync(20);
    const c = loader.load('c');
    expect(loadMany).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10);
    expect(batches).toEqual([['a', 'b', 'c']]);
    expect(await Promise.all([a, b, c])).toEqual(['value-of-a', 'value-of-b', 'value-of-c']);
  });

  it('given a load, when less than the window has passed, then nothing is loaded yet', async () => {
    const { loadMany } = recorder();
    const loader = new BatchLoader(loadMany, { windowMs: 50 });
    const a = watch(loader.load('a'));
    await vi.advanceTimersByTimeAsync(49);
    expect(loadMany).not.toHaveBeenCalled();
    expect(a.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(loadMany).toHaveBeenCalledTimes(1);
    expect(a).toEqual({ value: 'value-of-a', settled: true });
  });

  it('given later loads, when they arrive, then the window still ends windowMs after the first (it is not extended)', async () => {
    const { batches, loadMany } = recorder();
    const loader = new BatchLoader(loadMany, { windowMs: 50 });
    void loader.load('a');
    await vi.advanceTimersByTimeAsync(45);
    void loader.load('b');
    await vi.advanceTimersByTimeAsync(5);
    expect(batches).toEqual([['a', 'b']]);
  });

  it('given no options, when loads arrive, then they are coalesced for 10 ms', async () => {
    const { batches, loadMany } = recorder();
    const loader = new BatchLoader(loadMany);
    void loader.load('a');
    void loader.load('b');
    await vi.advanceTimersByTimeAsync(9);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['a', 'b']]);
  });

  it('given a load after the window ended, when its own window ends, then it is loaded in a second batch', async () => {
    const { batches, loadMany } = recorder();
    const loader = new BatchLoader(loadMany, { windowMs: 50 });
    const a = loader.load('a');
    await vi.advanceTimersByTimeAsync(50);
    const b = loader.load('b');
    await vi.advanceTimersByTimeAsync(50);
    expect(batches).toEqual([['a'], ['b']]);
    expect(await Promise.all([a, b])).toEqual(['value-of-a', 'value-of-b']);
  });

  it('given maxKeys loads, when the last of them arrives, then they are loaded at once without waiting for the window', async () => {
    const { batches, loadMany } = recorder();
    const loader = new BatchLoader(loadMany, { windowMs: 60_000, maxKeys: 3 });
    const first = [loader.load('a'), loader.load('b')];
    expect(loadMany).not.toHaveBeenCalled();
    first.push(loader.load('c'));
    expect(batches).toEqual([['a', 'b', 'c']]);
    expect(await Promise.all(first)).toEqual(['value-of-a', 'value-of-b', 'value-of-c']);
  });

  it('given a full batch was dispatched, when more loads arrive, then they start a new window', async () => {
    const { batches, loadMany } = recorder();
    const loader = new BatchLoader(loadMany, { windowMs: 100, maxKeys: 2 });
    void loader.load('a');
    await vi.advanceTimersByTimeAsync(90);
    void loader.load('b');
    const c = watch(loader.load('c'));
    // The window of 'a' was cleared with its batch: 'c' waits a whole window of its own.
    await vi.advanceTimersByTimeAsync(99);
    expect(batches).toEqual([['a', 'b']]);
    expect(c.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['a', 'b'], ['c']]);
    expect(c.value).toBe('value-of-c');
  });

  it('given the same key twice, when loaded, then each waiter gets the value at its own place', async () => {
    const loadMany = vi.fn(async (keys: readonly string[]) => keys.map((key, index) => `${key}#${index}`));
    const loader = new BatchLoader(loadMany, { windowMs: 10 });
    const waiters = [loader.load('x'), loader.load('y'), loader.load('x')];
    await vi.advanceTimersByTimeAsync(10);
    expect(await Promise.all(waiters)).toEqual(['x#0', 'y#1', 'x#2']);
  });

  it('given loadMany fails, when the batch is loaded, then every waiter of that batch is rejected with its error', async () => {
    const { loadMany } = recorder(() => true);
    const loader = new BatchLoader(loadMany, { windowMs: 10 });
    const waiters = [watch(loader.load('a')), watch(loader.load('b'))];
    await vi.advanceTimersByTimeAsync(10);
    for (const waiter of waiters) {
      expect(waiter.settled).toBe(true);
      expect(waiter.error?.message).toBe('batch of a,b failed');
    }
  });

  it('given one batch fails, when the next batch loads, then only the waiters of the failed batch are rejected', async () => {
    const { batches, loadMany } = recorder((keys) => keys.includes('a'));
    const loader = new BatchLoader(loadMany, { windowMs: 10, maxKeys: 2 });
    const failed = [watch(loader.load('a')), watch(loader.load('b'))];
    const next = [watch(loader.load('c')), watch(loader.load('d'))];
    const late = watch(loader.load('e'));
    await vi.advanceTimersByTimeAsync(10);
    expect(batches).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(failed.map((w) => w.error?.message)).toEqual(['batch of a,b failed', 'batch of a,b failed']);
    expect(next.map((w) => [w.value, w.error])).toEqual([
      ['value-of-c', undefined],
      ['value-of-d', undefined],
    ]);
    expect(late).toEqual({ value: 'value-of-e', settled: true });
  });

  it('given any keys arriving at any times, when loaded, then every waiter gets its own value and batches keep the order and the limits', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ key: fc.string({ maxLength: 3 }), gapMs: fc.nat({ max: 30 }) }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 6 }),
        async (arrivals, windowMs, maxKeys) => {
          const { batches, loadMany } = recorder();
          const loader = new BatchLoader(loadMany, { windowMs, maxKeys });
          const waiters: Promise<string>[] = [];
          for (const { key, gapMs } of arrivals) {
            await vi.advanceTimersByTimeAsync(gapMs);
            waiters.push(loader.load(key));
          }
          await vi.advanceTimersByTimeAsync(windowMs);
          const keys = arrivals.map((arrival) => arrival.key);
          expect(await Promise.all(waiters)).toEqual(keys.map((key) => `value-of-${key}`));
          expect(batches.flat()).toEqual(keys);
          for (const batch of batches) expect(batch.length).toBeLessThanOrEqual(maxKeys);
          if (arrivals.every(({ gapMs }) => gapMs === 0)) expect(batches.length).toBe(Math.ceil(keys.length / maxKeys));
        },
      ),
    );
  });
});
