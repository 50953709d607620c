import type { EnergyLevel } from '@stride/domain/ai/breakdown';
import type { Activity } from './paces';

/**
 * The shape of a playbook: data only (no functions), so a playbook can be read, reviewed and added
 * without touching the engine. Titles may name facts read from the goal in braces ({subject},
 * {words}, {race}, {room}, ...; see goal-facts.ts); a template naming a fact the goal lacks is skipped,
 * and `requires` / `unless` say so explicitly. A title never writes a distance, a duration or a word count
 * of its own work as a number: it names `{minutes}` (the step's sized minutes) or `{quantity}` (what they
 * hold at the template's `pace`), so it always agrees with the step's estimate.
 */

/** The order work is done in; the engine sorts steps by phase, then by their order in the playbook. */
export const phaseValues = ['clarify', 'prepare', 'start', 'build', 'milestone', 'review'] as const;
export type Phase = (typeof phaseValues)[number];

export interface StepTemplate {
  readonly id: string;
  readonly phase: Phase;
  /**
   * Alternative phrasings of the same step; asking again (variant) picks another. `{minutes}` is the
   * step's minutes at the chosen size, `{quantity}` what they hold at `pace` ("an easy {quantity} km").
   */
  readonly titles: readonly string[];
  /** Minutes at 'normal' granularity (about 25); scaled for tiny and big steps. */
  readonly minutes: number;
  readonly energy: EnergyLevel;
  /** 1 = in every plan, 2 = usual, 3 = optional (used in longer plans or other variants). */
  readonly rank: 1 | 2 | 3;
  /**
   * The activity the step's title measures (paces.ts): `{quantity}` is the step's minutes at its pace. A
   * 'timed' step lasts what its title says, so the user's estimate ratio does not change its minutes.
   */
  readonly pace?: Activity;
  /** An activity of a fixed length (a 10-minute training session): granularity does not change its minutes. */
  readonly fixed?: boolean;
  /**
   * The shortest and longest an activity may be (an interval session: 30 to 60 minutes): its minutes at
   * the chosen size stay within both; at a size above its longest it is grouped (`groupTitles`) or left
   * out, at a size below its shortest it is left out. `fixed` is a length of exactly `minutes`.
   */
  readonly lasts?: { readonly min: number; readonly max: number };
  /**
   * At most a fact's amount at `pace` (an added easy run is no longer than the runs the user does now:
   * {currentKm} km), or `otherwise` units when the goal does not say.
   */
  readonly longestFrom?: { readonly fact: string; readonly otherwise: number };
  /**
   * Several sessions of an activity too short for the chosen size, as one step of that size: `{sessions}`
   * is how many ("Three"), `{each}` one session's minutes ("{sessions} {each}-minute training sessions
   * this week"). Without them such an activity is left out of larger sizes.
   */
  readonly groupTitles?: readonly string[];
  /** Minutes from a number in the goal (a run of {currentKm} km at the easy-run pace), when the goal has it. */
  readonly minutesFrom?: { readonly fact: string; readonly pace: Activity };
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
  /** Minutes of a milestone step at normal granularity; with `pace`, the value's minutes at that pace (fixed). */
  readonly minutes?: number;
  readonly pace?: Activity;
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
