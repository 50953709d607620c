import { breakdownResultSchema } from './breakdown';
import type { BreakdownResult, EnergyLevel, GoalForBreakdown, GoalPriority, PlannerMetadata } from './breakdown';
import { readGoalSubject, truncateWords } from './goal-subject';
import { playbooks } from './planner-playbooks';
import type { GoalDomain, GoalFacts, Playbook, TaskTemplate } from './planner-playbooks';

/**
 * The embedded planner: turns a goal into 3 to 10 concrete tasks without any network call, so AI
 * breakdowns work offline, in tests and when no model is configured. Deterministic: the same goal and
 * the same `today` always give the same tasks.
 *
 * 1. Recognise the goal's domain from its category and the words of its title and description.
 * 2. Read facts from the title ("Run a 10k" is about a 10k race) to name the goal in the tasks.
 * 3. Size the plan: priority sets the base number of tasks; the time left to the target date scales it
 *    (a close deadline gives fewer, bigger tasks, biggest first; a far one more, smaller steps).
 * 4. Keep the playbook's most essential tasks (every playbook's three best-ranked tasks mix deep work,
 *    high energy, with admin, low energy, so every plan has both) and spread suggested finish dates up
 *    to the target date.
 */

export const embeddedPlannerMetadata = {
  provider: 'embedded',
  model: 'stride-planner-v1',
} as const satisfies PlannerMetadata;

export interface PlanningContext {
  /** The user's calendar day, YYYY-MM-DD. */
  readonly today: string;
}

export type DeadlineHorizon = 'none' | 'overdue' | 'urgent' | 'short' | 'medium' | 'long' | 'very-long';

export interface Deadline {
  readonly horizon: DeadlineHorizon;
  /** Days from today to the target date (negative when past); null without a usable target date. */
  readonly daysLeft: number | null;
}

const MS_PER_DAY = 86_400_000;

const dayNumber = (date: string): number | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date.trim());
  if (!match) return null;
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  const epochMs = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(epochMs) || new Date(epochMs).toISOString().slice(0, 10) !== day) return null;
  return epochMs / MS_PER_DAY;
};

const formatDay = (day: number): string => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);

/**
 * overdue < 0 days, urgent 0..7, short 8..30, medium 31..120, long 121..365, very-long beyond;
 * 'none' without a target date (planned like 'medium').
 */
export function deadlineFor(targetDate: string | null | undefined, today: string): Deadline {
  const todayNumber = dayNumber(today);
  if (todayNumber === null) throw new RangeError(`today must be a YYYY-MM-DD date, got "${today}"`);
  const target = targetDate ? dayNumber(targetDate) : null;
  if (target === null) return { horizon: 'none', daysLeft: null };
  const daysLeft = target - todayNumber;
  const horizon: DeadlineHorizon =
    daysLeft < 0
      ? 'overdue'
      : daysLeft <= 7
        ? 'urgent'
        : daysLeft <= 30
          ? 'short'
          : daysLeft <= 120
            ? 'medium'
            : daysLeft <= 365
              ? 'long'
              : 'very-long';
  return { horizon, daysLeft };
}

const BASE_TASKS: Readonly<Record<GoalPriority, number>> = { low: 4, medium: 5, high: 7 };

/** How many tasks a plan gets: 3..10. */
export function taskCountFor(priority: GoalPriority, horizon: DeadlineHorizon): number {
  const base = BASE_TASKS[priority];
  let count: number;
  switch (horizon) {
    case 'overdue':
    case 'urgent':
      count = priority === 'high' ? 4 : 3;
      break;
    case 'short':
      count = base - 1;
      break;
    case 'none':
    case 'medium':
      count = base;
      break;
    case 'long':
      count = base + 2;
      break;
    case 'very-long':
      count = base + 3;
      break;
    default: {
      const unhandled: never = horizon;
      throw new Error(`Unhandled horizon ${String(unhandled)}`);
    }
  }
  return Math.min(10, Math.max(3, count));
}

/** Fewer tasks carry more of the work each; many small steps carry less. */
const MINUTES_FACTOR: Readonly<Record<DeadlineHorizon, number>> = {
  overdue: 1.5,
  urgent: 1.5,
  short: 1.25,
  none: 1,
  medium: 1,
  long: 0.85,
  'very-long': 0.75,
};

/** Whole 5 minutes below an hour, whole quarters above; 5..480. */
export function roundMinutes(minutes: number): number {
  const step = minutes < 60 ? 5 : 15;
  return Math.min(480, Math.max(5, Math.round(minutes / step) * step));
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const keywordPatterns = new Map<Playbook, RegExp[]>(
  playbooks.map((playbook) => [
    playbook,
    playbook.keywords.map((keyword) =>
      typeof keyword === 'string'
        ? new RegExp(`(?:^|[^\\p{L}\\p{N}])${escapeRegExp(keyword)}(?=$|[^\\p{L}\\p{N}])`, 'iu')
        : keyword,
    ),
  ]),
);

const hits = (patterns: readonly RegExp[], text: string): number =>
  text === '' ? 0 : patterns.filter((pattern) => pattern.test(text)).length;

/** Title words weigh 3, description words 1, a matching category 4. */
export function domainScores(
  goal: Pick<GoalForBreakdown, 'title' | 'description' | 'category'>,
): Map<GoalDomain, number> {
  const category = (goal.category ?? '').trim().toLowerCase();
  const scores = new Map<GoalDomain, number>();
  for (const playbook of playbooks) {
    const patterns = keywordPatterns.get(playbook) ?? [];
    const score =
      3 * hits(patterns, goal.title) +
      hits(patterns, goal.description ?? '') +
      (category !== '' && playbook.categories.includes(category) ? 4 : 0);
    scores.set(playbook.domain, score);
  }
  return scores;
}

/** The best-scoring domain; ties go to the more specific playbook (listed first); none => 'general'. */
export function detectGoalDomain(goal: Pick<GoalForBreakdown, 'title' | 'description' | 'category'>): GoalDomain {
  const scores = domainScores(goal);
  let best: GoalDomain = 'general';
  let bestScore = 0;
  for (const playbook of playbooks) {
    const score = scores.get(playbook.domain) ?? 0;
    if (score > bestScore) {
      best = playbook.domain;
      bestScore = score;
    }
  }
  return best;
}

const playbookFor = (domain: GoalDomain): Playbook => {
  const playbook = playbooks.find((candidate) => candidate.domain === domain) ?? playbooks.at(-1);
  if (!playbook) throw new Error('The planner has no playbooks');
  return playbook;
};

/** The common facts every template may use, plus the playbook's own. */
export function goalFacts(goal: Pick<GoalForBreakdown, 'title' | 'description'>, playbook: Playbook): GoalFacts {
  const title = goal.title.trim();
  const read = readGoalSubject(title);
  const shortTitle = truncateWords(title, 60);
  const common: GoalFacts = {
    goal: shortTitle,
    subject: read.subject || read.yourSubject || 'your goal',
    yourSubject: read.yourSubject || 'your goal',
    pursuit: read.pursuit || `"${shortTitle}"`,
  };
  const all = [title, goal.description ?? ''].join('\n');
  return { ...common, ...(playbook.facts?.({ title, all }) ?? {}) };
}

const fill = (text: string, facts: GoalFacts): string =>
  text
    .replace(/\{(\w+)\}/g, (_, name: string) => facts[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();

const finishTitle = (title: string): string => {
  const capitalised = title.charAt(0).toUpperCase() + title.slice(1);
  return truncateWords(capitalised, 120);
};

interface Candidate {
  readonly index: number;
  readonly rank: number;
  readonly title: string;
  readonly energy: EnergyLevel;
  readonly template: TaskTemplate;
}

/** Turns a goal into 3 to 10 tasks (see the module comment). Throws RangeError for a malformed `today`. */
export function planBreakdown(goal: GoalForBreakdown, { today }: PlanningContext): BreakdownResult {
  const deadline = deadlineFor(goal.targetDate, today);
  const playbook = playbookFor(detectGoalDomain(goal));
  const facts = goalFacts(goal, playbook);
  const count = taskCountFor(goal.priority, deadline.horizon);

  const pool: Candidate[] = [];
  const seen = new Set<string>();
  playbook.templates
    .map((template, index) => ({ template, index }))
    .sort((a, b) => a.template.rank - b.template.rank || a.index - b.index)
    .forEach(({ template, index }) => {
      const title = finishTitle(fill(template.title, facts));
      const key = title.toLowerCase();
      if (title.length < 3 || seen.has(key)) return;
      seen.add(key);
      pool.push({ index, rank: template.rank, title, energy: template.energy, template });
    });

  const chosen = pool.slice(0, count);
  const bigFirst = deadline.horizon === 'urgent' || deadline.horizon === 'overdue';
  const factor = MINUTES_FACTOR[deadline.horizon];
  const sized = chosen
    .map((candidate) => ({ candidate, minutes: roundMinutes(candidate.template.minutes * factor) }))
    .sort((a, b) => (bigFirst ? b.minutes - a.minutes : 0) || a.candidate.index - b.candidate.index);

  const todayNumber = dayNumber(today) ?? 0;
  const tasks = sized.map(({ candidate, minutes }, position) => {
    const notes: string[] = [];
    if (candidate.template.description) notes.push(fill(candidate.template.description, facts));
    if (deadline.daysLeft !== null && deadline.daysLeft > 0) {
      const dueIn = Math.ceil((deadline.daysLeft * (position + 1)) / sized.length);
      notes.push(`Aim to finish by ${formatDay(todayNumber + dueIn)}.`);
    } else if (deadline.horizon === 'overdue' && position === 0) {
      notes.push('The target date has passed: start here, then set a new date you can keep.');
    }
    const description = notes.join(' ');
    return {
      title: candidate.title,
      estimatedMinutes: minutes,
      energyLevel: candidate.energy,
      ...(description ? { description } : {}),
    };
  });

  return breakdownResultSchema.parse({ tasks });
}
