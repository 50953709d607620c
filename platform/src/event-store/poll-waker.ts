/**
 * The pause of a log-polling loop: `sleep` ends early when `poke` is called (an append in this process,
 * a stop, a waiter), and a poke that arrives while the loop is busy is remembered (`hasPoke`) so the
 * loop can go round again instead of sleeping.
 */
export class PollWaker {
  private wakeUp: (() => void) | null = null;
  private poked = false;

  poke(): void {
    this.poked = true;
    this.wakeUp?.();
  }

  /** Call at the start of each round: pokes before it are covered by the round's read. */
  clearPoke(): void {
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
}
