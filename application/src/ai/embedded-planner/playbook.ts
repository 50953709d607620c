import type { EnergyLevel } from '@stride/domain/ai/breakdown';

/**
 * The shape of a playbook: data only (no functions), so a playbook can be read, reviewed and added
 * without touching the engine. Titles may name facts read from the goal in braces ({subject},
 * {words}, {race}, {room}, ...; see goal-facts.ts); a template naming a fact the goal lacks is skipped,
 * and `requires` / `unless` say so explicitly.
 */

/** The order work is done in; the engine sorts steps by phase, then by their order in the playbook. */
export const phaseValues = ['clarify', 'prepare', 'start', 'build', 'milestone', 'review'] as const;
export type Phase = (typeof phaseValues)[number];

export interface StepTemplate {
  readonly id: string;
  readonly phase: Phase;
  /** Alternative phrasings of the same step; asking again (variant) picks another. */
  readonly titles: readonly string[];
  /** Minutes at 'normal' granularity (about 25); scaled for tiny and big steps. */
  readonly minutes: number;
  readonly energy: EnergyLevel;
  /** 1 = in every plan, 2 = usual, 3 = optional (used in longer plans or other variants). */
  readonly rank: 1 | 2 | 3;
  /** An activity of a fixed length (a 12 km run): granularity does not change its minutes. */
  readonly fixed?: boolean;
  /** Minutes from a number in the goal (a run of {currentKm} km at 7 min/km), when the goal has it. */
  readonly minutesFrom?: { readonly fact: string; readonly perUnit: number };
  /** Only when the goal has all these facts. */
  readonly requires?: readonly string[];
  /** Not when the goal has any of these facts. */
  readonly unless?: readonly string[];
  readonly description?: string;
}

/**
 * Milestones scaled from a number in the goal (words, km, orders, books, an amount): how many depends
 * on the quantity (`per` units a milestone, within min..max), each names its cumulative value.
 */
export interface SeriesTemplate {
  readonly id: string;
  readonly phase: Phase;
  /** The fact holding the target quantity. */
  readonly fact: string;
  /** The fact holding where the user is now (the series starts above it); 0 when absent. */
  readonly fromFact?: string;
  /** Value used when `fromFact` is absent. */
  readonly fromDefault?: number;
  readonly per: number;
  readonly min: number;
  readonly max: number;
  /** The first milestone is 1 (the first order, the first book) when the quantity allows. */
  readonly startAtOne?: boolean;
  /** Stop short of the target above a threshold (the longest training run of a marathon is not 42 km). */
  readonly topFactorAbove?: { readonly threshold: number; readonly factor: number };
  /** Never above this value (the longest marathon training run is about 32 km). */
  readonly topMax?: number;
  /** Use {value} for the milestone's cumulative value; the last milestone may use `lastTitles`. */
  readonly titles: readonly string[];
  readonly lastTitles?: readonly string[];
  /** For a first milestone of 1 (the first order): titles without {value}. */
  readonly firstTitles?: readonly string[];
  /** Minutes of a milestone step at normal granularity, or minutesPerUnit x value for fixed activities. */
  readonly minutes?: number;
  readonly minutesPerUnit?: number;
  readonly energy: EnergyLevel;
  readonly description?: string;
}

export interface Playbook {
  readonly domain: string;
  /** Goal categories that hint at this playbook (a weak hint: the goal's words weigh more). */
  readonly categories: readonly string[];
  /** Words or phrases, matched as whole words, case-insensitive, in the title and description. */
  readonly keywords: readonly string[];
  /** Facts read from the goal that count like a keyword in the title (a destination for travel). */
  readonly factBonus?: readonly string[];
  readonly steps: readonly StepTemplate[];
  readonly series?: SeriesTemplate;
}
