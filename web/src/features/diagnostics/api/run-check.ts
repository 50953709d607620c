import { apiClient } from '../../../lib/api-client';

export interface CheckResult {
  readonly name: string;
  readonly path: string;
  readonly ok: boolean;
  readonly ms: number;
  readonly detail: string;
}

/** One GET against the API, timed; never throws. */
export async function runCheck(name: string, path: string): Promise<CheckResult> {
  const started = performance.now();
  try {
    const body = await apiClient.get<unknown>(path);
    const detail = Array.isArray(body)
      ? `${body.length} items`
      : body && typeof body === 'object'
        ? `${Object.keys(body).length} fields`
        : 'ok';
    return { name, path, ok: true, ms: Math.round(performance.now() - started), detail };
  } catch (error) {
    return {
      name,
      path,
      ok: false,
      ms: Math.round(performance.now() - started),
      detail: error instanceof Error ? error.message : 'Unknown error',
    };
  }
}
