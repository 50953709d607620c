import { format } from 'date-fns';
import {
  GENERATED_TASK_LIMITS,
  GRANULARITY_MINUTES,
  breakdownRequestSchema,
  stepMinutesRange,
  plannedBreakdownSchema,
  type BreakdownRequest,
  type BreakdownRequestInput,
  type EnergyLevel,
  type PlannedStep,
  type StepGranularity,
  type StepMinutesRange,
} from '@stride/domain/ai/breakdown';
import { applyEstimateCorrection, roundEstimate } from '@stride/domain/ai/estimate-calibration';
import { truncateWords } from './goal-subject';
import { playbookFor } from './detect-domain';
import { formatNumber, readGoalFacts, type GoalFacts } from './goal-facts';
import { PACES, amountIn, type Activity } from './paces';
import { phaseValues, type Phase, type Playbook, type SeriesTemplate, type StepTemplate } from './playbook';
import { generalPlaybook } from './playbooks';
import { planSubSteps } from './plan-sub-steps';
import { titleWords } from './title-words';
import { assessOverload, daysUntil, parseDay, suggestDates, type OverloadAssessment } from './schedule';

/**
 * The embedded planner's engine: a goal and the user's options in, 3 to 10 draft steps out, each with
 * minutes, an energy level and (with a target date) a suggested do-date. No I/O, no clock: the same
 * input always gives the same plan, and another `variant` gives another sensible plan.
 */

/** The same request both providers take (domain/src/ai/breakdown.ts). */
export type EmbeddedPlannerInput = BreakdownRequestInput;

export interface EmbeddedPlan {
  /** The playbook used ('general' when none fits). */
  readonly domain: string;
  readonly steps: PlannedStep[];
  /** The goal's target date, or one said in its words ("before Christmas"); null when none. */
  readonly targetDate: string | null;
  readonly facts: GoalFacts;
  /**
   * The plan against the minutes a week the user has (options.availableMinutesPerWeek, or "3 hours a
   * week" said in the goal) until the target date; no warning when either is unknown.
   */
  readonly overload: OverloadAssessment;
}

/** EmbeddedPlan.domain when one step is broken into sub-steps (no playbook is used). */
export const SUB_STEPS_DOMAIN = 'sub-steps';

export const embeddedPlannerInfo = {
  provider: 'embedded',
  model: 'stride-planner-v2',
  label: 'Built-in planner, works offline',
} as const;

const L = GENERATED_TASK_LIMITS;
const ENERGY_ORDER: Readonly<Record<EnergyLevel, number>> = { low: 0, medium: 1, high: 2 };

/** A milestone needs this many times the calendar room of another later step. */
const SERIES_SPACING = 3;
/** Set-up steps (clarify, prepare, start) share about this part of the time to the target date. */
const SETUP_SHARE = 0.15;
const SETUP_PHASES: ReadonlySet<Phase> = new Set(['clarify', 'prepare', 'start']);

/**
 * The weight of the gap before each step (see suggestDates): set-up steps close together in the first
 * SETUP_SHARE of the time, later steps spread over the rest, milestones with more room than others.
 */
function dateSpacing(steps: readonly Candidate[]): number[] {
  const setup = steps.filter((step) => SETUP_PHASES.has(step.phase)).length;
  const laterWeight = steps
    .filter((step) => !SETUP_PHASES.has(step.phase))
    .reduce((sum, step) => sum + (step.series ? SERIES_SPACING : 1), 0);
  if (setup === 0 || laterWeight === 0) return steps.map(() => 1);
  const scale = (setup * (1 - SETUP_SHARE)) / (SETUP_SHARE * laterWeight);
  return steps.map((step) => (SETUP_PHASES.has(step.phase) ? 1 : (step.series ? SERIES_SPACING : 1) * scale));
}

/** Steps per plan by granularity before priority, deadline and the goal's numbers adjust it. */
export const BASE_STEP_COUNT = { tiny: 9, normal: 7, big: 5 } as const;

interface Candidate {
  readonly key: string;
  readonly phase: Phase;
  readonly order: number;
  readonly rank: number;
  readonly title: string;
  /** At the chosen size, the user's estimate ratio included. */
  readonly minutes: number;
  readonly energy: EnergyLevel;
  readonly description: string | undefined;
  readonly series: boolean;
}

const hashString = (text: string): number => {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
};

/** mulberry32: a small seeded generator, so a variant is repeatable. */
const seededRandom = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const PLACEHOLDER = /\{(\w+)\}/g;

/** Fills a title's placeholders; null when the goal lacks one of its facts. */
const fill = (template: string, facts: Readonly<Record<string, string>>): string | null => {
  let missing = false;
  const text = template.replace(PLACEHOLDER, (_, name: string) => {
    const value = facts[name];
    if (value === undefined || value === '') missing = true;
    return value ?? '';
  });
  if (missing) return null;
  const clean = text.replace(/\s+/g, ' ').trim();
  return truncateWords(clean.charAt(0).toUpperCase() + clean.slice(1), L.titleMax);
};

/** The first alternative that can be filled, starting at the variant's one. */
const pickTitle = (
  titles: readonly string[],
  variant: number,
  facts: Readonly<Record<string, string>>,
): string | null => {
  // Only the phrasings that name the most of the goal's own facts compete, so asking again never
  // trades "Book the German B2 exam date" for a vaguer "Register for the exam".
  const usable = titles
    .map((title) => ({ filled: fill(title, facts), specificity: specificity(title) }))
    .filter((option): option is { filled: string; specificity: number } => option.filled !== null);
  const best = Math.max(...usable.map((option) => option.specificity));
  const candidates = usable.filter((option) => option.specificity === best);
  return candidates.length === 0 ? null : (candidates[variant % candidates.length]?.filled ?? null);
};

/** Facts every goal has (or the engine always derives): naming them says nothing specific. */
const ALWAYS_KNOWN = new Set([
  'goal',
  'subject',
  'yourSubject',
  'pursuit',
  'minutes',
  'quantity',
  'sessions',
  'each',
  'skill',
  'value',
]);

/** How many of the goal's own facts (numbers, names, dates) a phrasing names. */
const specificity = (title: string): number =>
  [...title.matchAll(PLACEHOLDER)].filter((match) => !ALWAYS_KNOWN.has(match[1] ?? '')).length;

/** Two titles say the same thing: most of their words are shared. */
export function similarTitles(a: string, b: string): boolean {
  const x = titleWords(a);
  const y = titleWords(b);
  if (x.size === 0 || y.size === 0) return a.trim().toLowerCase() === b.trim().toLowerCase();
  let shared = 0;
  for (const word of x) if (y.has(word)) shared += 1;
  return shared / (x.size + y.size - shared) >= 0.6;
}

const applies = (template: StepTemplate, text: Readonly<Record<string, string>>): boolean =>
  (template.requires ?? []).every((fact) => text[fact] !== undefined) &&
  !(template.unless ?? []).some((fact) => text[fact] !== undefined);

/** Derived facts: the session size, the pace needed to the target date, the next step up. */
function deriveFacts(facts: GoalFacts, request: BreakdownRequest, targetDate: string | null): Record<string, string> {
  const { granularity } = request.options;
  const session = GRANULARITY_MINUTES[granularity];
  const text: Record<string, string> = { ...facts.text };
  const days = daysUntil(targetDate, request.today);
  const weeks = days !== null && days >= 7 ? Math.floor(days / 7) : null;
  const target = parseDay(targetDate);
  if (target && days !== null && days > 0) text.targetDate = format(target, 'd MMMM yyyy');
  if (weeks !== null) text.weeks = String(weeks);

  const { words, perWeek, books } = facts.numbers;
  if (words !== undefined) {
    // The words of one session of the chosen size at the drafting pace (a step's own are its {quantity}).
    const sessionWords = Math.max(100, amountIn('drafting', session));
    const sessionsNeeded = Math.ceil(words / sessionWords);
    text.sessionWords = formatNumber(sessionWords);
    text.sessionsNeeded = formatNumber(sessionsNeeded);
    text.sessionsPerWeek = String(weeks ? Math.min(7, Math.max(2, Math.ceil(sessionsNeeded / weeks))) : 4);
  }
  if (perWeek !== undefined) text.runsNext = String(Math.min(6, perWeek + 1));
  if (books !== undefined) {
    const months = days !== null && days > 27 ? days / 30.4 : 12;
    text.booksPerMonth = formatNumber(Math.max(0.5, Math.round((books / months) * 2) / 2));
  }
  return text;
}

/** Cumulative milestone values scaled from the goal's number (and the user's starting point). */
export function seriesValues(
  series: SeriesTemplate,
  numbers: Readonly<Record<string, number>>,
  maxCount: number,
  /** The step size's range: a milestone of a fixed length (a pace's minutes) stays within it. */
  range?: StepMinutesRange,
): number[] {
  const target = numbers[series.fact];
  if (target === undefined || target <= 0) return [];
  const perUnit = series.pace ? PACES[series.pace].minutesPerUnit : undefined;
  const top = Math.min(
    range && perUnit ? Math.floor(range.max / perUnit) : Number.POSITIVE_INFINITY,
    series.topMax ?? Number.POSITIVE_INFINITY,
    series.topFactorAbove && target > series.topFactorAbove.threshold ? target * series.topFactorAbove.factor : target,
  );
  const from = (series.fromFact ? numbers[series.fromFact] : undefined) ?? series.fromDefault ?? 0;
  if (top <= from) return [];
  const count = Math.max(1, Math.min(series.max, maxCount, Math.max(series.min, Math.ceil((top - from) / series.per))));
  const values: number[] = [];
  for (let k = 1; k <= count; k += 1) {
    const raw = from + ((top - from) * k) / count;
    const value =
      k === 1 && series.startAtOne && top >= 3 ? 1 : top >= 100 ? Math.round(raw / 100) * 100 : Math.round(raw);
    if (value > (values.at(-1) ?? from) && value > 0) values.push(value);
  }
  return range && perUnit ? values.filter((value) => fitsRange(value * perUnit, range)) : values;
}

/** What sizing a step needs: the chosen size, its range, and the user's estimate correction. */
interface Sizing {
  readonly granularity: StepGranularity;
  readonly range: StepMinutesRange;
  readonly correction: BreakdownRequest['options']['estimateCorrection'];
}

const sizingOf = (options: BreakdownRequest['options']): Sizing => ({
  granularity: options.granularity,
  range: stepMinutesRange(options.granularity),
  correction: options.estimateCorrection,
});

const COUNT_WORDS = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];
const countWord = (count: number): string => COUNT_WORDS[count] ?? String(count);

/** A step at the chosen size: its minutes and the facts its title names about them. */
interface SizedStep {
  readonly minutes: number;
  readonly titles: readonly string[];
  readonly facts: Readonly<Record<string, string>>;
}

/**
 * A step's minutes at the chosen size, and what its title may say about them. A playbook's minutes are
 * for a normal step, scaled to the size, kept within its range and the activity's own length (`lasts`,
 * `fixed`); its estimate is that work in the user's time (their estimate ratio applied, so it may leave the
 * range: a user who takes 2x longer sees a normal step's 25 minutes of work as 50); a timed step is not
 * corrected (it lasts what its title says). The title's `{minutes}` and `{quantity}` come from the sized
 * minutes before the correction: the work a step holds is the same for everyone, the user's ratio says
 * how long it takes them. An activity longer than the size is left out (a 16 km run is not cut in
 * parts); one shorter is grouped into sessions that make a step of the size (`groupTitles`), else left
 * out (docs/decisions.md, "A step's title names what its minutes hold"). Null when it is left out.
 */
function sizeStep(
  template: {
    readonly titles: readonly string[];
    readonly groupTitles?: readonly string[];
    readonly pace?: Activity;
    readonly energy: EnergyLevel;
  },
  baseMinutes: number,
  lasts: { readonly min: number; readonly max: number } | null,
  sizing: Sizing,
): SizedStep | null {
  const { granularity, range } = sizing;
  const pace = template.pace;
  const timed = pace === 'timed';
  if (lasts && lasts.min > range.max) return null;
  if (lasts && lasts.max < range.min) {
    const each = lasts.max;
    const fewest = Math.ceil(range.min / each);
    const most = Math.floor(range.max / each);
    const sessions = Math.min(most, Math.max(fewest, Math.round(GRANULARITY_MINUTES[granularity] / each)));
    if (!template.groupTitles || fewest > most || sessions < 2) return null;
    const minutes = sessions * each;
    return {
      minutes,
      titles: template.groupTitles,
      facts: { sessions: countWord(sessions), each: String(each), minutes: String(minutes) },
    };
  }
  const low = Math.max(range.min, lasts?.min ?? range.min);
  const high = Math.min(range.max, lasts?.max ?? range.max);
  const between = (minutes: number) => Math.min(high, Math.max(low, minutes));
  const scale = GRANULARITY_MINUTES[granularity] / GRANULARITY_MINUTES.normal;
  const sized = between(roundEstimate(between(baseMinutes * scale)));
  // The user's time for the sized work: beyond the size's range when they take longer (the draft's estimate
  // note says why), within the limits a generated task may have.
  const minutes = timed
    ? sized
    : Math.min(
        L.minutesMax,
        Math.max(L.minutesMin, applyEstimateCorrection(sized, template.energy, sizing.correction)),
      );
  const facts: Record<string, string> = { minutes: String(sized) };
  if (pace && !timed) facts.quantity = formatNumber(amountIn(pace, sized));
  return { minutes, titles: template.titles, facts };
}

function candidatesOf(
  playbook: Playbook,
  facts: GoalFacts,
  text: Record<string, string>,
  variant: number,
  sizing: Sizing,
): Candidate[] {
  const out: Candidate[] = [];
  playbook.steps.forEach((template, order) => {
    if (!applies(template, text)) return;
    const fromFact = template.minutesFrom ? facts.numbers[template.minutesFrom.fact] : undefined;
    const baseMinutes =
      fromFact !== undefined && template.minutesFrom
        ? fromFact * PACES[template.minutesFrom.pace].minutesPerUnit
        : template.minutes;
    const fixedMinutes = roundEstimate(baseMinutes);
    const longest =
      template.longestFrom && template.pace
        ? roundEstimate(
            (facts.numbers[template.longestFrom.fact] ?? template.longestFrom.otherwise) *
              PACES[template.pace].minutesPerUnit,
          )
        : Number.POSITIVE_INFINITY;
    const own = template.lasts ?? { min: 0, max: Number.POSITIVE_INFINITY };
    const lasts =
      template.fixed || fromFact !== undefined
        ? { min: fixedMinutes, max: fixedMinutes }
        : template.lasts || template.longestFrom
          ? { min: Math.min(own.min, longest), max: Math.min(own.max, longest) }
          : null;
    const sized = sizeStep(template, baseMinutes, lasts, sizing);
    if (sized === null) return;
    const title = pickTitle(sized.titles, variant, { ...text, ...sized.facts });
    if (title === null) return;
    out.push({
      key: `${playbook.domain}:${template.id}`,
      phase: template.phase,
      order,
      rank: template.rank,
      title,
      minutes: sized.minutes,
      energy: template.energy,
      description: template.description,
      series: false,
    });
  });
  return out;
}

function seriesCandidates(
  series: SeriesTemplate,
  facts: GoalFacts,
  text: Record<string, string>,
  variant: number,
  maxCount: number,
  sizing: Sizing,
): Candidate[] {
  const values = seriesValues(series, facts.numbers, maxCount, sizing.range);
  const unit = series.fact === 'amount' ? (text.amount ?? '').replace(/[\d.,\s]+/g, '') : '';
  const formatValue = (value: number): string =>
    series.fact === 'amount'
      ? /^[$€£]/.test(unit)
        ? `${unit}${formatNumber(value)}`
        : `${formatNumber(value)} ${unit}`.trim()
      : formatNumber(value);
  return values.flatMap((value, index) => {
    const last = index === values.length - 1;
    const titles =
      index === 0 && value === 1 && series.firstTitles
        ? series.firstTitles
        : last && series.lastTitles
          ? series.lastTitles
          : series.titles;
    const perUnit = series.pace ? PACES[series.pace].minutesPerUnit : undefined;
    const baseMinutes = perUnit ? value * perUnit : (series.minutes ?? 20);
    const sized = sizeStep(
      { titles, energy: series.energy },
      baseMinutes,
      perUnit ? { min: roundEstimate(baseMinutes), max: roundEstimate(baseMinutes) } : null,
      sizing,
    );
    if (sized === null) return [];
    const title = pickTitle(titles, variant + index, { ...text, ...sized.facts, value: formatValue(value) });
    if (title === null) return [];
    return [
      {
        key: `${series.id}:${value}`,
        phase: series.phase,
        order: 1000 + index,
        rank: 1,
        title,
        minutes: sized.minutes,
        energy: series.energy,
        description: series.description,
        series: true,
      },
    ];
  });
}

/** How many steps the plan gets: granularity, priority, a close deadline, and the goal's numbers. */
export function stepBudget(request: BreakdownRequest, days: number | null, seriesCount: number): number {
  const { granularity } = request.options;
  let budget: number = BASE_STEP_COUNT[granularity];
  if (request.goal.priority === 'high') budget += 1;
  if (request.goal.priority === 'low') budget -= 1;
  if (days !== null && days <= 7) budget -= 2;
  budget += Math.max(0, seriesCount - 2);
  return Math.min(L.tasksMax, Math.max(L.tasksMin, budget));
}

const fitsRange = (minutes: number, range: StepMinutesRange): boolean => minutes >= range.min && minutes <= range.max;

/** The plan with what the engine read from the goal (for tests, the evaluation and explanations). */
export function explainPlan(input: EmbeddedPlannerInput): EmbeddedPlan {
  const request = breakdownRequestSchema.parse(input);
  const { goal, today, options } = request;
  const facts = readGoalFacts(goal, today);
  if (options.subStepsOf) {
    // One step broken down: sub-steps about that step, not another plan of the goal's kind.
    const steps = plannedBreakdownSchema.parse({ tasks: planSubSteps(request) }).tasks;
    const overload = assessOverload({ steps, today, targetDate: null, availableMinutesPerWeek: null });
    return { domain: SUB_STEPS_DOMAIN, steps, targetDate: null, facts, overload };
  }
  const ownTarget = goal.targetDate && parseDay(goal.targetDate) ? goal.targetDate.slice(0, 10) : null;
  const targetDate = ownTarget ?? facts.impliedTargetDate;
  const days = daysUntil(targetDate, today);
  const playbook = playbookFor(goal);
  const text = deriveFacts(facts, request, targetDate);
  const variant = options.variant;
  const sizing = sizingOf(options);

  const existing = options.existingTaskTitles.filter((title) => title.trim() !== '');
  const isNew = (title: string, taken: readonly string[]) =>
    !existing.some((other) => similarTitles(other, title)) && !taken.some((other) => similarTitles(other, title));

  // Long-run series: at most one step a week before the date.
  const weeks = days !== null && days > 0 ? Math.max(1, Math.floor(days / 7)) : 10;
  const series = playbook.series ? seriesCandidates(playbook.series, facts, text, variant, weeks, sizing) : [];
  const budget = stepBudget(request, days, series.length);

  const templates = candidatesOf(playbook, facts, text, variant, sizing);
  const random = seededRandom(hashString(goal.title.toLowerCase()) ^ Math.imul(variant + 1, 0x9e3779b9));
  const essential = templates.filter((c) => c.rank === 1);
  const optional = templates
    .filter((c) => c.rank > 1)
    .map((c) => ({ c, sortKey: variant === 0 ? c.rank * 100 + c.order : c.rank + random() * 1.6 }))
    .sort((a, b) => a.sortKey - b.sortKey)
    .map(({ c }) => c);

  const chosen: Candidate[] = [];
  const take = (candidate: Candidate): void => {
    if (chosen.length >= budget) return;
    // Milestones of one series share their wording by design; other steps must say something new.
    const others = chosen.filter((c) => !(c.series && candidate.series)).map((c) => c.title);
    if (!isNew(candidate.title, others)) return;
    if (chosen.some((c) => c.title.toLowerCase() === candidate.title.toLowerCase())) return;
    chosen.push(candidate);
  };
  const seriesSlots = Math.min(series.length, Math.max(2, budget - essential.length));
  const essentialSlots = budget - Math.min(seriesSlots, series.length);
  essential.slice(0, Math.max(essentialSlots, 0)).forEach(take);
  // Fewer slots than milestones: recompute them evenly (15,000 / 30,000 / 45,000 rather than a pick).
  const milestones =
    seriesSlots < series.length && playbook.series
      ? seriesCandidates(playbook.series, facts, text, variant, seriesSlots, sizing)
      : series;
  pickSpread(milestones, seriesSlots).forEach(take);
  essential.forEach(take);
  optional.forEach(take);
  if (chosen.length < L.tasksMin) {
    candidatesOf(generalPlaybook, facts, text, variant, sizing)
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .forEach((candidate) => {
        if (chosen.length < L.tasksMin) take(candidate);
      });
  }

  const phaseIndex = (phase: Phase) => phaseValues.indexOf(phase);
  const ordered = chosen
    .map((candidate) => ({ candidate, minutes: candidate.minutes }))
    .sort(
      (a, b) => phaseIndex(a.candidate.phase) - phaseIndex(b.candidate.phase) || a.candidate.order - b.candidate.order,
    );
  if (options.easiestFirst) {
    ordered.sort(
      (a, b) => ENERGY_ORDER[a.candidate.energy] - ENERGY_ORDER[b.candidate.energy] || a.minutes - b.minutes,
    );
  }

  // Set-up steps close together at the start; each milestone of a series gets a stretch of weeks.
  const dates = suggestDates(dateSpacing(ordered.map(({ candidate }) => candidate)), today, targetDate);
  const steps: PlannedStep[] = ordered.map(({ candidate, minutes }, index) => {
    const notes: string[] = [];
    if (candidate.description) notes.push(candidate.description);
    if (index === 0 && days !== null && days < 0)
      notes.push('The target date has passed: start here, then set a new date you can keep.');
    const description = notes.join(' ').slice(0, L.descriptionMax);
    return {
      title: candidate.title,
      estimatedMinutes: minutes,
      energyLevel: candidate.energy,
      ...(description ? { description } : {}),
      suggestedDate: dates[index] ?? null,
    };
  });

  const planned = plannedBreakdownSchema.parse({ tasks: steps }).tasks;
  const overload = assessOverload({
    steps: planned,
    today,
    targetDate,
    availableMinutesPerWeek: options.availableMinutesPerWeek ?? facts.availableMinutesPerWeek,
  });
  return { domain: playbook.domain, steps: planned, targetDate, facts, overload };
}

/** `count` items spread over the list, always keeping the last (the goal's full number). */
function pickSpread<T>(items: readonly T[], count: number): T[] {
  if (count >= items.length) return [...items];
  if (count <= 0) return [];
  if (count === 1) return items.slice(-1);
  return Array.from({ length: count }, (_, k) => items[Math.round((k * (items.length - 1)) / (count - 1))]).filter(
    (item): item is T => item !== undefined,
  );
}

/**
 * The embedded planner: 3 to 10 draft steps for a goal, in the order to do them. See README.md.
 * Throws a ZodError for a malformed request (e.g. `today` not YYYY-MM-DD).
 */
export function planBreakdown(input: EmbeddedPlannerInput): PlannedStep[] {
  return explainPlan(input).steps;
}
