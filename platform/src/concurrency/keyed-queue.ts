import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * An in-process queue per key: `run(keys, work)` starts `work` once every earlier run holding any of those
 * keys has finished, in arrival order. All keys are claimed in one synchronous step, so runs sharing keys
 * can never wait for each other in a cycle. A run nested inside another (same async context) does not wait
 * for the keys its caller already holds.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly held = new AsyncLocalStorage<ReadonlySet<string>>();

  /** How many keys have a run in progress or waiting (for tests and health figures). */
  get size(): number {
    return this.tails.size;
  }

  async run<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
    const outer = this.held.getStore();
    const mine = [...new Set(keys)].filter((key) => !outer?.has(key));
    if (mine.length === 0) return work();
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const before: Promise<void>[] = [];
    for (const key of mine) {
      const tail = this.tails.get(key);
      if (tail) before.push(tail);
      this.tails.set(key, done);
    }
    try {
      if (before.length > 0) await Promise.all(before);
      return await this.held.run(new Set([...(outer ?? []), ...mine]), work);
    } finally {
      release();
      for (const key of mine) if (this.tails.get(key) === done) this.tails.delete(key);
    }
  }
}
