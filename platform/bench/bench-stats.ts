/** Latency and throughput figures shared by the benchmarks. */
export interface RunFigures {
  readonly events: number;
  readonly seconds: number;
  readonly eventsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return 0;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)]!;
}

export function figures(events: number, seconds: number, latenciesMs: number[]): RunFigures {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return {
    events,
    seconds: round(seconds, 3),
    eventsPerSecond: Math.round(events / seconds),
    p50Ms: round(percentile(sorted, 50), 2),
    p99Ms: round(percentile(sorted, 99), 2),
  };
}

export const round = (value: number, digits: number): number => Number(value.toFixed(digits));

/** Runs `operation(i)` for i in [0, total) with `concurrency` workers; returns each call's latency. */
export async function runConcurrently(
  total: number,
  concurrency: number,
  operation: (index: number) => Promise<void>,
  onProgress?: (done: number) => void,
): Promise<{ seconds: number; latenciesMs: number[] }> {
  const latenciesMs: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let index = next++; index < total; index = next++) {
        const t0 = performance.now();
        await operation(index);
        latenciesMs.push(performance.now() - t0);
        if (onProgress && latenciesMs.length % 1000 === 0) onProgress(latenciesMs.length);
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, latenciesMs };
}
