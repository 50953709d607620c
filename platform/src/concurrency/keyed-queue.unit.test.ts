import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('KeyedQueue', () => {
  it('runs work of one key one at a time, in arrival order', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        queue.run(['usage-1'], async () => {
          running += 1;
          most = Math.max(most, running);
          await tick();
          log.push(`w${i}`);
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(log).toEqual(Array.from({ length: 20 }, (_, i) => `w${i}`));
    expect(queue.size).toBe(0);
  });

  it('runs work of different keys side by side', async () => {
    const queue = new KeyedQueue();
    let running = 0;
    let most = 0;
    await Promise.all(
      ['a', 'b', 'c'].map((key) =>
        queue.run([key], async () => {
          running += 1;
          most = Math.max(most, running);
          await tick();
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(3);
  });

  it('never deadlocks runs that share keys in different orders', async () => {
    const queue = new KeyedQueue();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        queue.run(i % 2 === 0 ? ['a', 'b'] : ['b', 'a'], async () => {
          await tick();
          return i;
        }),
      ),
    );
    expect(results).toHaveLength(30);
  });

  it('releases the keys of a run that failed', async () => {
    const queue = new KeyedQueue();
    await expect(queue.run(['a'], async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(['a'], async () => 'after')).toBe('after');
    expect(queue.size).toBe(0);
  });
});
