/** A goal the user can tag a quick-added task with. */
export interface GoalChoice {
  readonly goalId: string;
  readonly title: string;
}

/** Lower case, accents and everything but letters and digits removed: "Learn Spañish!" -> "learnspanish". */
export const normalizeName = (value: string): string =>
  value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

const levenshtein = (a: string, b: string): number => {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
};

/** Lower is better; undefined when the tag does not match the name at all. */
const score = (tag: string, name: string): number | undefined => {
  if (tag === '' || name === '') return undefined;
  if (tag === name) return 0;
  if (name.startsWith(tag)) return 1;
  if (name.includes(tag) && tag.length >= 3) return 2;
  const allowed = Math.max(1, Math.floor(tag.length / 4));
  const distance = levenshtein(tag, name);
  if (distance <= allowed) return 3 + distance;
  const prefix = levenshtein(tag, name.slice(0, tag.length));
  if (tag.length >= 4 && prefix <= allowed) return 10 + prefix;
  return undefined;
};

/**
 * The goal a `#tag` names: exact name first (case, accents, spaces and punctuation ignored), then a goal
 * whose name starts with or contains the tag, then the closest name within a small edit distance
 * (one edit per four letters). Each word of a goal's name is tried too, so "#dog" finds "Dog training".
 * Ties go to the earlier goal in the list; no match gives undefined.
 */
export const matchGoal = <Goal extends GoalChoice>(tag: string, goals: readonly Goal[]): Goal | undefined => {
  const wanted = normalizeName(tag);
  let best: { goal: Goal; score: number } | undefined;
  for (const goal of goals) {
    const names = [goal.title, ...goal.title.split(/\s+/)].map(normalizeName);
    const scores = names.map((name, index) => {
      const value = score(wanted, name);
      return value === undefined ? undefined : value + (index === 0 ? 0 : 0.5);
    });
    const goalScore = Math.min(...scores.filter((value): value is number => value !== undefined));
    if (Number.isFinite(goalScore) && (best === undefined || goalScore < best.score)) best = { goal, score: goalScore };
  }
  return best?.goal;
};
