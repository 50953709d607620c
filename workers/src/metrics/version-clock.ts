/**
 * Versions for ReplacingMergeTree(version) rows: the wall clock in microseconds, strictly increasing within
 * the process. Taken when a computation starts, so of two computations of one key the later-started (which
 * read more events) wins; the job dedupe rules never run two computations of one key at once.
 */
export function versionClock(clock: () => Date): () => number {
  let last = 0;
  return () => {
    const now = clock().getTime() * 1_000;
    last = Math.max(now, last + 1);
    return last;
  };
}
