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
  /** Each connection cycles through these in order, every connection from the first. */
  readonly requests: readonly LoadRequest[];
  /**
   * Instead, every request of every connection takes the next of `requests` (one counter for all): each
   * request is sent once per cycle, e.g. each task completed by exactly one request. `{{n}}` in a body
   * becomes the request's number, so that bodies differ (a repeated task title would add nothing).
   */
  readonly rotate?: boolean;
  /** Where the rotation starts: the previous run's `rotated`, so a later round never repeats a request. */
  readonly rotateFrom?: number;
}

export interface LoadResult {
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly total: number;
  readonly non2xx: number;
  /** How many answers of each status outside 2xx (e.g. { "409": 1 }): what the non-2xx were. */
  readonly non2xxByStatus: Readonly<Record<string, number>>;
  readonly errors: number;
  readonly timeouts: number;
  /** With `rotate`: where the rotation stood at the end (requests set up, sent or not). */
  readonly rotated?: number;
}
