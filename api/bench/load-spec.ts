/** One autocannon workload, as handed to the load worker (plain data: it crosses a thread boundary). */
export interface LoadRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

export interface LoadSpec {
  readonly url: string;
  readonly connections: number;
  readonly durationSeconds: number;
  /** Each connection cycles through these in order: one per user spreads the load over users. */
  readonly requests: readonly LoadRequest[];
}

export interface LoadResult {
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly total: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
}
