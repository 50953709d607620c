import type { ComponentHealth } from './event-bus';

export class HealthTimeoutError extends Error {
  override readonly name = 'HealthTimeoutError';
}

/** Resolves with `promise`, or rejects once `ms` have passed: a health check never waits on a hung client. */
export function within<T>(name: string, ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new HealthTimeoutError(`${name}: no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs one component check with its own timeout; a check that throws or hangs reports the component down. */
export async function checkComponent(
  name: string,
  mode: string,
  ms: number,
  check: () => Promise<ComponentHealth>,
): Promise<ComponentHealth> {
  try {
    return await within(name, ms, check());
  } catch (error) {
    return { status: 'down', mode, error: (error as Error).message };
  }
}
