import { ESTIMATE_RATIO_LIMITS, GENERATED_TASK_LIMITS, type EnergyLevel, type EstimateCorrection } from './breakdown';
import { energyLevels } from '../tasks/energy-workflow';

/**
 * Estimates that learn (issue 14): from a user's completed tasks, how much longer (or shorter) they
 * usually take than estimated, per energy level and per category, and the honest sentence that says so.
 *
 * - Each task gives a ratio actual / estimated, clamped to [1/4, 4] so one forgotten timer cannot
 *   dominate; ratios are averaged in log space (a task twice as long and one half as long cancel out).
 * - A group needs at least `minSamples` tasks; below that its ratio is 1 (no claim from thin data).
 * - Shrinkage toward 1: the mean log-ratio is weighted n / (n + priorWeight), so 5 tasks move the
 *   estimate halfway, 50 tasks almost all the way.
 * - The result is clamped to ESTIMATE_RATIO_LIMITS (0.5..2.5) so no estimate is ever more than
 *   halved or multiplied by 2.5.
 * Pure: the caller passes the tasks (the analytics hold planned versus actual minutes).
 */

export interface CompletedTaskSample {
  readonly estimatedMinutes: number;
  readonly actualMinutes: number;
  readonly energyLevel: EnergyLevel;
  /** The goal's category, compared lower-cased and trimmed. */
  readonly category?: string | null;
}

export const CALIBRATION_SETTINGS = {
  minSamples: 5,
  priorWeight: 5,
  sampleRatioMin: 0.25,
  sampleRatioMax: 4,
  /** A ratio this close to 1 is not worth a sentence. */
  notableDeviation: 0.15,
} as const;

export interface RatioEstimate {
  /** actual / estimated, after shrinkage and clamping; 1 when not confident. */
  readonly ratio: number;
  /** Usable tasks in the group. */
  readonly samples: number;
  /** At least minSamples tasks. */
  readonly confident: boolean;
}

export interface EstimateCalibration {
  readonly overall: RatioEstimate;
  readonly byEnergy: Readonly<Record<EnergyLevel, RatioEstimate>>;
  readonly byCategory: Readonly<Record<string, RatioEstimate>>;
}

const S = CALIBRATION_SETTINGS;
const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

const usable = (sample: CompletedTaskSample): boolean =>
  Number.isFinite(sample.estimatedMinutes) &&
  Number.isFinite(sample.actualMinutes) &&
  sample.estimatedMinutes > 0 &&
  sample.actualMinutes > 0;

const normaliseCategory = (category: string | null | undefined): string => (category ?? '').trim().toLowerCase();

/** The shrunk, clamped ratio of a group of tasks. */
export function ratioOf(samples: readonly CompletedTaskSample[]): RatioEstimate {
  const logs = samples
    .filter(usable)
    .map((sample) =>
      Math.log(clamp(sample.actualMinutes / sample.estimatedMinutes, S.sampleRatioMin, S.sampleRatioMax)),
    );
  const n = logs.length;
  if (n < S.minSamples) return { ratio: 1, samples: n, confident: false };
  const meanLog = logs.reduce((sum, value) => sum + value, 0) / n;
  const shrunk = Math.exp((meanLog * n) / (n + S.priorWeight));
  return { ratio: clamp(shrunk, ESTIMATE_RATIO_LIMITS.min, ESTIMATE_RATIO_LIMITS.max), samples: n, confident: true };
}

export function calibrateEstimates(samples: readonly CompletedTaskSample[]): EstimateCalibration {
  const valid = samples.filter(usable);
  const byEnergy = Object.fromEntries(
    energyLevels.map((level) => [level, ratioOf(valid.filter((sample) => sample.energyLevel === level))]),
  ) as Record<EnergyLevel, RatioEstimate>;
  const categories = [...new Set(valid.map((sample) => normaliseCategory(sample.category)).filter((c) => c !== ''))];
  const byCategory = Object.fromEntries(
    categories.map((category) => [
      category,
      ratioOf(valid.filter((sample) => normaliseCategory(sample.category) === category)),
    ]),
  );
  return { overall: ratioOf(valid), byEnergy, byCategory };
}

/**
 * The correction a planner applies to a goal in `category`: per energy level the level's ratio (or the
 * overall one without enough data), times how the category differs from the user's overall ratio.
 */
export function correctionFor(calibration: EstimateCalibration, category?: string | null): EstimateCorrection {
  const overall = calibration.overall.ratio;
  const byCategory = calibration.byCategory[normaliseCategory(category)];
  const categoryFactor = byCategory?.confident ? byCategory.ratio / overall : 1;
  const bound = (ratio: number) => clamp(ratio, ESTIMATE_RATIO_LIMITS.min, ESTIMATE_RATIO_LIMITS.max);
  const byEnergy: EstimateCorrection['byEnergy'] = {};
  for (const level of energyLevels) {
    const estimate = calibration.byEnergy[level];
    if (estimate.confident) byEnergy[level] = bound(estimate.ratio * categoryFactor);
  }
  return { overall: bound(overall * categoryFactor), byEnergy };
}

/** Whole 5 minutes below an hour, whole quarters above; within the task limits (5..480). */
export function roundEstimate(minutes: number): number {
  const step = minutes < 60 ? 5 : 15;
  return clamp(Math.round(minutes / step) * step, GENERATED_TASK_LIMITS.minutesMin, GENERATED_TASK_LIMITS.minutesMax);
}

/** A new estimate corrected by the user's ratio for its energy level. */
export function applyEstimateCorrection(
  minutes: number,
  energyLevel: EnergyLevel,
  correction: EstimateCorrection | null | undefined,
): number {
  const ratio = correction ? (correction.byEnergy[energyLevel] ?? correction.overall) : 1;
  return roundEstimate(minutes * ratio);
}

const times = (ratio: number): string => `${(Math.round(ratio * 10) / 10).toFixed(1)}x`;

const sentence = (ratio: number, what: string): string =>
  ratio >= 1
    ? `You usually take about ${times(ratio)} longer on ${what}.`
    : `You usually finish ${what} in about ${times(ratio)} the estimated time.`;

/**
 * The one honest sentence about the user's estimates: the most notable confident ratio (energy levels,
 * then categories, then overall), or null when nothing is known or everything is close to the estimate.
 */
export function describeCalibration(calibration: EstimateCalibration): string | null {
  const candidates: { ratio: number; what: string }[] = [
    ...energyLevels
      .filter((level) => calibration.byEnergy[level].confident)
      .map((level) => ({ ratio: calibration.byEnergy[level].ratio, what: `${level}-energy tasks` })),
    ...Object.entries(calibration.byCategory)
      .filter(([, estimate]) => estimate.confident)
      .map(([category, estimate]) => ({ ratio: estimate.ratio, what: `${category} tasks` })),
    ...(calibration.overall.confident ? [{ ratio: calibration.overall.ratio, what: 'your tasks' }] : []),
  ];
  const notable = candidates
    .filter((candidate) => Math.abs(Math.log(candidate.ratio)) >= Math.log(1 + S.notableDeviation))
    .sort((a, b) => Math.abs(Math.log(b.ratio)) - Math.abs(Math.log(a.ratio)));
  const best = notable[0];
  // Rounded to one decimal a ratio may read "1.0x": say nothing rather than something empty.
  if (!best || times(best.ratio) === '1.0x') return null;
  return sentence(best.ratio, best.what);
}
