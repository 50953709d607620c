/**
 * An in-process queue per key: `run(keys, work)` starts `work` once every earlier run holding any of those
 * keys has finished, in arrival order. All keys are claimed in one synchronous step, so runs sharing keys
 * can never wait for each other in a cycle.
 *
 * `work` must not itself run on a key it holds: that run would wait for its caller, forever. Nested runs are
 * not told apart from concurrent ones on purpose: telling them apart needs an AsyncLocalStorage, whose
 * promise hooks, once enabled, cost every promise of the process (about a sixth of a cached read request's
 * CPU, measured with bench:api: docs/decisions.md, "One queue per stream, without async context").
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  /** How many keys have a run in progress or waiting (for tests and health figures). */
  get size(): number {
    return this.tails.size;
  }

  async run<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
    const mine = [...new Set(keys)];
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
      return await work();
    } finally {
      release();
      for (const key of mine) if (this.tails.get(key) === done) this.tails.delete(key);
    }
  }
}
