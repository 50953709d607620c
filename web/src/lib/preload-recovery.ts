/**
 * A tab left open across a deploy still runs the old build: the chunk of a lazy route it has not loaded
 * yet is gone from the server (a 404), and Vite fires `vite:preloadError` on window when that dynamic
 * import fails. Vite's recipe (its "Load Error Handling" guide) is to reload the page, which loads the
 * new build; without it the route fell to the error boundary's "reload the page".
 *
 * Once only: the time of the reload is kept in this tab's session storage, and a chunk that fails again
 * within RELOAD_GUARD_MS of it (the new build lacks it too, or the network is down) goes on to the error
 * boundary instead of reloading in a loop. Without session storage there is no guard, so no reload.
 */
export const PRELOAD_RELOAD_KEY = 'stride:preload-reload-at';
export const RELOAD_GUARD_MS = 30_000;

/** Whether a failed chunk may reload the page, given when (epoch ms, as stored) the last such reload was. */
export function mayReloadAfter(lastReloadAt: string | null, now: number): boolean {
  if (lastReloadAt === null) return true;
  const last = Number(lastReloadAt);
  // An unreadable or future time (the clock was set back) guards nothing: it is replaced by this reload's.
  return !Number.isFinite(last) || last > now || now - last >= RELOAD_GUARD_MS;
}

export interface PreloadRecoveryOptions {
  readonly target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  readonly storage?: () => Storage | null;
  readonly reload?: () => void;
  readonly now?: () => number;
}

const sessionStore = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
};

/**
 * Reloads the page once when a chunk fails to load (see above). The error still goes on as Vite throws it
 * (no preventDefault): when the page is not reloaded, the route's error boundary shows it. Returns the
 * listener's removal.
 */
export function installPreloadRecovery({
  target = window,
  storage = sessionStore,
  reload = () => window.location.reload(),
  now = Date.now,
}: PreloadRecoveryOptions = {}): () => void {
  const onPreloadError = () => {
    const store = storage();
    if (!store) return;
    const at = now();
    try {
      if (!mayReloadAfter(store.getItem(PRELOAD_RELOAD_KEY), at)) return;
      store.setItem(PRELOAD_RELOAD_KEY, String(at));
    } catch {
      return; // storage refused: the time cannot be kept, so a reload could loop
    }
    reload();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
