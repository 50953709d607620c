/**
 * Task batch de-duplication (spec section 5): a task duplicates another of the same goal when their
 * lower-cased, trimmed titles and their estimated minutes match.
 */

interface KeyedTask {
  readonly taskId: string;
  readonly title: string;
  readonly estimatedMinutes: number;
}

interface ExistingTask extends KeyedTask {
  readonly deletedAt: string | null;
}

/** What the goal remembers of its last batch, to recognise an identical one sent again at once. */
export interface BatchFingerprint {
  /** The batch's distinct task keys, sorted. */
  readonly keys: readonly string[];
  readonly generatedAt: string;
}

export const IDENTICAL_BATCH_WINDOW_MS = 1000;

export const taskKey = ({ title, estimatedMinutes }: Omit<KeyedTask, 'taskId'>): string =>
  JSON.stringify([title.trim().toLowerCase(), estimatedMinutes]);

export const batchKeys = (tasks: readonly Omit<KeyedTask, 'taskId'>[]): string[] =>
  [...new Set(tasks.map(taskKey))].sort();

/** True when the same set of task keys already arrived at most one second before `now`. */
export const repeatsLastBatch = (lastBatch: BatchFingerprint | null, keys: readonly string[], now: Date): boolean =>
  lastBatch !== null &&
  now.getTime() - Date.parse(lastBatch.generatedAt) <= IDENTICAL_BATCH_WINDOW_MS &&
  lastBatch.keys.length === keys.length &&
  lastBatch.keys.every((key, index) => key === keys[index]);

/**
 * Each existing task's key, made once per task object: a goal's tasks are immutable objects that stay in its
 * state from one command to the next (a change makes a new object), and a goal of hundreds of tasks would
 * otherwise lower-case and serialise every title again on each task added.
 */
const existingKeys = new WeakMap<KeyedTask, string>();
const keyOfExisting = (task: KeyedTask): string => {
  let key = existingKeys.get(task);
  if (key === undefined) existingKeys.set(task, (key = taskKey(task)));
  return key;
};

/**
 * The candidates that are new: drops any whose key matches a live (not deleted) task or an earlier
 * candidate, and any whose id is already taken (a retried command), keeping the first of each.
 */
export const newTasksOf = <Candidate extends KeyedTask>(
  candidates: readonly Candidate[],
  existing: readonly ExistingTask[],
): Candidate[] => {
  const seenKeys = new Set<string>();
  const seenIds = new Set<string>();
  for (const task of existing) {
    if (task.deletedAt === null) seenKeys.add(keyOfExisting(task));
    seenIds.add(task.taskId);
  }
  return candidates.filter((candidate) => {
    const key = taskKey(candidate);
    if (seenKeys.has(key) || seenIds.has(candidate.taskId)) return false;
    seenKeys.add(key);
    seenIds.add(candidate.taskId);
    return true;
  });
};
