/**
 * How much of an activity fits in a minute, declared once: a step's title that names a distance, a word
 * count or a duration derives it from the step's sized minutes by these paces (plan-breakdown.ts), and the
 * long-run series and the baseline run size their minutes by them, so a title never promises more than
 * its estimate holds (docs/decisions.md, "A step's title names what its minutes hold").
 */

export interface Pace {
  /** The unit a title names ("km", "words", "minutes"). */
  readonly unit: string;
  readonly minutesPerUnit: number;
  /** Amounts are named in whole multiples of this (0.5 km, 50 words, 5 minutes). */
  readonly roundTo: number;
}

export const PACES = {
  /** A timed session: its minutes are the amount ("a 25-minute run", "10 minutes with treats"). */
  timed: { unit: 'minutes', minutesPerUnit: 1, roundTo: 5 },
  /** An easy, conversational run: 6 to 7 minutes a kilometre; 7 keeps a beginner's plan honest. */
  easyRun: { unit: 'km', minutesPerUnit: 7, roundTo: 0.5 },
  /** A first draft, no editing: about 20 words a minute. */
  drafting: { unit: 'words', minutesPerUnit: 1 / 20, roundTo: 50 },
} as const satisfies Readonly<Record<string, Pace>>;

export type Activity = keyof typeof PACES;

/** The amount of an activity that fits in `minutes`, on its rounding marks, never below one mark. */
export const amountIn = (activity: Activity, minutes: number): number => {
  const { minutesPerUnit, roundTo } = PACES[activity];
  return Math.max(roundTo, Math.round(minutes / minutesPerUnit / roundTo) * roundTo);
};

/** The minutes an amount of an activity takes at its pace. */
export const minutesOf = (activity: Activity, amount: number): number => amount * PACES[activity].minutesPerUnit;
