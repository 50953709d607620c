import { afterEach, describe, expect, it, vi } from 'vitest';
import { installPreloadRecovery, mayReloadAfter, PRELOAD_RELOAD_KEY, RELOAD_GUARD_MS } from './preload-recovery';

const chunkFails = () => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));

let uninstall: (() => void) | undefined;
afterEach(() => uninstall?.());

/** One page load: the listener as main.tsx installs it, with the clock at `at`. */
function loadPage(at: number, reload = vi.fn()) {
  uninstall?.();
  uninstall = installPreloadRecovery({ reload, now: () => at });
  return reload;
}

describe('mayReloadAfter', () => {
  it('allows a reload when none was made, or the last is at least the guard time ago', () => {
    expect(mayReloadAfter(null, 1_000_000)).toBe(true);
    expect(mayReloadAfter(String(1_000_000 - RELOAD_GUARD_MS), 1_000_000)).toBe(true);
    expect(mayReloadAfter(String(1_000_000 - RELOAD_GUARD_MS + 1), 1_000_000)).toBe(false);
    expect(mayReloadAfter(String(1_000_000), 1_000_000)).toBe(false);
  });

  it('treats an unreadable or future time as no guard', () => {
    expect(mayReloadAfter('soon', 1_000_000)).toBe(true);
    expect(mayReloadAfter(String(2_000_000), 1_000_000)).toBe(true);
  });
});

describe('installPreloadRecovery', () => {
  it('reloads once on a failed chunk; the same failure right after that reload goes to the error boundary', () => {
    const first = loadPage(1_000_000);
    chunkFails();
    expect(first).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(PRELOAD_RELOAD_KEY)).toBe('1000000');

    // The reloaded page (still missing the chunk) does not reload again: no loop.
    const second = loadPage(1_002_000);
    chunkFails();
    chunkFails();
    expect(second).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem(PRELOAD_RELOAD_KEY)).toBe('1000000');
  });

  it('reloads again for a later deploy, once the guard time has passed', () => {
    window.sessionStorage.setItem(PRELOAD_RELOAD_KEY, '1000000');
    const later = loadPage(1_000_000 + RELOAD_GUARD_MS);
    chunkFails();
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('leaves the event to Vite (not prevented), so an error not reloaded away still reaches the boundary', () => {
    loadPage(1_000_000);
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('does not reload when session storage is unavailable or refuses the time (the guard could not hold)', () => {
    const reload = vi.fn();
    uninstall = installPreloadRecovery({ reload, storage: () => null });
    chunkFails();
    uninstall();
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    uninstall = installPreloadRecovery({ reload, storage: () => refusing });
    chunkFails();
    expect(reload).not.toHaveBeenCalled();
  });

  it('stops listening once removed', () => {
    const reload = loadPage(1_000_000);
    uninstall!();
    uninstall = undefined;
    chunkFails();
    expect(reload).not.toHaveBeenCalled();
  });
});
