/**
 * Coalesces concurrent loads into one: keys asked for within `windowMs` of each other (at most `maxKeys`)
 * are loaded by one call to `loadMany`. Many jobs run at once and each needs a few rows of the analytics
 * store; one query for all of them replaces dozens of round trips to a store that runs queries one at a time.
 */
export class BatchLoader<Key, Value> {
  private pending: { key: Key; resolve: (value: Value) => void; reject: (error: Error) => void }[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly loadMany: (keys: readonly Key[]) => Promise<readonly Value[]>,
    private readonly options: { windowMs?: number; maxKeys?: number } = {},
  ) {}

  load(key: Key): Promise<Value> {
    return new Promise<Value>((resolve, reject) => {
      this.pending.push({ key, resolve, reject });
      if (this.pending.length >= (this.options.maxKeys ?? 500)) this.dispatch();
      else this.timer ??= setTimeout(() => this.dispatch(), this.options.windowMs ?? 10);
    });
  }

  private dispatch(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    this.loadMany(batch.map((entry) => entry.key)).then(
      (values) => batch.forEach((entry, index) => entry.resolve(values[index]!)),
      (error: Error) => batch.forEach((entry) => entry.reject(error)),
    );
  }
}
