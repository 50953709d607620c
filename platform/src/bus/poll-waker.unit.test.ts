import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PollWaker } from './poll-waker';

describe('PollWaker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const sleeper = (waker: PollWaker, ms: number) => {
    let woke = false;
    void waker.sleep(ms).then(() => (woke = true));
    return () => woke;
  };

  it('given a sleeping loop, when poked, then it wakes at once', async () => {
    const waker = new PollWaker();
    const woke = sleeper(waker, 10_000);
    waker.poke();
    await vi.advanceTimersByTimeAsync(0);
    expect(woke()).toBe(true);
  });

  it('given a sleeping loop, when poked soon several times, then it wakes once, that long after the first', async () => {
    const waker = new PollWaker();
    const woke = sleeper(waker, 10_000);
    waker.pokeSoon(20);
    await vi.advanceTimersByTimeAsync(15);
    waker.pokeSoon(20); // within the first one's time: no later wake
    await vi.advanceTimersByTimeAsync(4);
    expect(woke()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(woke()).toBe(true);
    expect(waker.hasPoke).toBe(true);
  });

  it('given a poke soon, when a poke comes first, then it wakes at once and the soon one is dropped', async () => {
    const waker = new PollWaker();
    waker.pokeSoon(20);
    waker.poke();
    waker.clearPoke();
    const woke = sleeper(waker, 10_000);
    await vi.advanceTimersByTimeAsync(50);
    expect(woke()).toBe(false);
  });

  it('given a poke soon that is not due, when a round starts (clearPoke), then the round covers it: no wake', async () => {
    const waker = new PollWaker();
    waker.pokeSoon(20);
    waker.clearPoke();
    const woke = sleeper(waker, 10_000);
    await vi.advanceTimersByTimeAsync(50);
    expect(woke()).toBe(false);
    expect(waker.hasPoke).toBe(false);
  });

  it('given a busy loop, when poked soon, then the poke is remembered once due', async () => {
    const waker = new PollWaker();
    waker.pokeSoon(20);
    expect(waker.hasPoke).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(waker.hasPoke).toBe(true);
  });
});
