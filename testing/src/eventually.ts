import { vi } from 'vitest';

/**
 * Retries `check` until it stops throwing (an assertion, usually) or the time runs out, and returns what it
 * returned: vitest's waitFor, for what is asynchronous by design (a pipeline, another process catching up).
 */
export const eventually = <T>(check: () => Promise<T>, timeout = 20_000, interval = 100): Promise<T> =>
  vi.waitFor(check, { timeout, interval });
