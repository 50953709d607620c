/**
 * The pause of a log-polling loop: `sleep` ends early when `poke` is called (a stop, a waiter), or a little
 * later after `pokeSoon` (an append in this process: the appends of the next few milliseconds are read with
 * it, as one batch). A poke that arrives while the loop is busy is remembered (`hasPoke`) so the loop can go
 * round again instead of sleeping.
 */
export class PollWaker {
  private wakeUp: (() => void) | null = null;
  private poked = false;
  private soon: ReturnType<typeof setTimeout> | null = null;

  poke(): void {
    this.cancelSoon();
    this.poked = true;
    this.wakeUp?.();
  }

  /** A poke `ms` from now, unless one is already due: the pokes of those `ms` wake the loop once. */
  pokeSoon(ms: number): void {
    if (this.poked || this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = null;
      this.poke();
    }, ms);
    this.soon.unref();
  }

  /** Call at the start of each round: pokes before it, due or not, are covered by the round's read. */
  clearPoke(): void {
    this.cancelSoon();
    this.poked = false;
  }

  /** Whether a poke arrived since the last `clearPoke`. */
  get hasPoke(): boolean {
    return this.poked;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  private cancelSoon(): void {
    if (!this.soon) return;
    clearTimeout(this.soon);
    this.soon = null;
  }
}
