import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  stepGranularityValues,
  stepMinutesRange,
  type BreakdownRequestInput,
  type PlannedStep,
  type StepGranularity,
} from '@stride/domain/ai/breakdown';
import { breakdownEvalSet } from '../eval/run-breakdown-eval';
import { planBreakdown } from './plan-breakdown';
import { PACES, minutesOf } from './paces';

/**
 * A step's title names only what its estimate holds (docs/decisions.md, "A step's title names what its
 * minutes hold"): a distance, a duration or a word count to write is one the step's minutes hold at the
 * declared pace (paces.ts), and short sessions that fit no larger size are grouped, not dropped.
 */

const TODAY = breakdownEvalSet.today;
type Goal = BreakdownRequestInput['goal'];

const COUNTS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const count = (word: string | undefined): number =>
  word === undefined ? 1 : (COUNTS[word.toLowerCase()] ?? Number(word.replace(/,/g, '')));
const COUNT = `(?:(\\d+|${Object.keys(COUNTS).join('|')})\\s+(?:x\\s+)?)?`;
const NUMBER = '(\\d[\\d,]*(?:\\.\\d+)?)';

/**
 * The work a title names, in minutes at the declared paces: its durations ("a 25-minute run", "three
 * 10-minute sessions"; not a rate: "8 hours a night"), the distance it runs ("an easy 2 km"; not a race or a plan named by its distance:
 * "a 5 km race", "the 10 km", "a 5 km training plan") and the words it writes ("Write the first 200
 * words"; not a goal's or a milestone's total: "a 60,000-word novel", "Reach 15,000 words"). Calendar
 * spans (days, weeks) are not work. Null when it names none.
 */
function impliedMinutes(title: string): number | null {
  const found: number[] = [];
  // Not a rate the goal or a routine names ("sleep 8 hours a night", "3 hours a week").
  const durations = new RegExp(
    `\\b${COUNT}${NUMBER}[-\\s]?(minutes?|mins?|hours?|hrs?)\\b(?!\\s+(?:a|per|each|every)\\s+(?:night|day|week|month))`,
    'gi',
  );
  for (const match of title.matchAll(durations)) {
    const amount = Number((match[2] ?? '').replace(/,/g, ''));
    found.push(count(match[1]) * amount * (/^h/i.test(match[3] ?? '') ? 60 : 1));
  }
  const distances = new RegExp(`\\b${COUNT}${NUMBER}\\s?(km|k|miles?|mi|m)\\b(?!\\s*(?:race|training plan))`, 'gi');
  for (const match of title.matchAll(distances)) {
    const before = title.slice(0, match.index);
    if (/\bthe\s+$/i.test(before)) continue;
    const unit = (match[3] ?? '').toLowerCase();
    const km = Number((match[2] ?? '').replace(/,/g, '')) * (unit === 'm' ? 0.001 : unit.startsWith('mi') ? 1.609 : 1);
    found.push(count(match[1]) * minutesOf('easyRun', km));
  }
  if (/^(?:write|draft)\b/i.test(title)) {
    for (const match of title.matchAll(new RegExp(`\\b${NUMBER}\\s+words\\b`, 'gi'))) {
      found.push(minutesOf('drafting', Number((match[1] ?? '').replace(/,/g, ''))));
    }
  }
  return found.length === 0 ? null : found.reduce((sum, minutes) => sum + minutes, 0);
}

/** Units of work no pace is declared for: a title naming them would promise an amount nobody checked. */
const UNPACED = /\b\d[\d,.]*[-\s]?(?:pages?|reps?|laps?|sets? of)\b/i;

const agrees = (step: PlannedStep): boolean => {
  const implied = impliedMinutes(step.title);
  return implied === null || (implied >= step.estimatedMinutes * 0.5 && implied <= step.estimatedMinutes * 1.5);
};

const plan = (goal: Goal, granularity: StepGranularity, variant = 0) =>
  planBreakdown({ goal, today: TODAY, options: { granularity, variant } });

describe('what a step title names', () => {
  describe('reading a title', () => {
    it.each<[string, number | null]>([
      ['Add run number 3 to your week: an easy 5 km', 35],
      ['Go for an easy 25-minute run at a pace you can talk at', 25],
      ['Three 10-minute training sessions this week', 30],
      ['Run an interval session: 6 x 400 m at a hard effort', 6 * 0.4 * PACES.easyRun.minutesPerUnit],
      ['Write the first 200 words of the opening scene', 10],
      ['Sign up for a 5 km race before 28 February 2027', null],
      ['Plan race week for the 10 km: taper, kit, route to the start', null],
      ['Write the premise of your 60,000-word novel in three sentences', null],
      ['Reach 15,000 words: reread the last part and adjust the outline', null],
      ['Track the habit for 7 days without changing anything', null],
      ['Read one trusted guide on 8 hours a night and note three tips', null],
    ])('"%s" names %s minutes of work', (title, minutes) => {
      const implied = impliedMinutes(title);
      if (minutes === null) expect(implied).toBeNull();
      else expect(implied).toBeCloseTo(minutes, 5);
    });
  });

  describe('given "Run a half marathon", high priority, by someone who runs 5 km twice a week', () => {
    const goal: Goal = {
      title: 'Run a half marathon',
      description: 'I currently run 5 km twice a week.',
      category: 'fitness',
      priority: 'high',
      targetDate: '2027-03-15',
    };
    const thirdRun = (size: StepGranularity) =>
      [0, 1, 2, 3, 4, 5]
        .flatMap((variant) => plan(goal, size, variant))
        .find((step) => /^Add run number 3/.test(step.title));

    it('when drafted in tiny steps, then the added run is an easy 2 km in 15 minutes, not 5 km', () => {
      expect(thirdRun('tiny')).toMatchObject({
        title: 'Add run number 3 to your week: an easy 2 km',
        estimatedMinutes: 15,
      });
    });

    it('when drafted in normal steps, then it is the 5 km they already run, in 35 minutes', () => {
      expect(thirdRun('normal')).toMatchObject({
        title: 'Add run number 3 to your week: an easy 5 km',
        estimatedMinutes: 35,
      });
    });

    it('when drafted in big steps, then it is still the 5 km they run now (an added run is no longer), in 35 minutes', () => {
      expect(thirdRun('big')).toMatchObject({
        title: 'Add run number 3 to your week: an easy 5 km',
        estimatedMinutes: 35,
      });
    });
  });

  describe('given "Train my puppy to walk on a lead" (10-minute training sessions)', () => {
    const goal: Goal = { title: 'Train my puppy to walk on a lead' };
    const training = (size: StepGranularity) =>
      plan(goal, size).find((step) => /first stage/i.test(step.title) && /\b10-? ?minutes?\b/i.test(step.title));

    it('when drafted in tiny steps, then one 10-minute session is a step', () => {
      expect(training('tiny')).toMatchObject({
        title: 'Practise the first stage for 10 minutes with treats, somewhere calm',
        estimatedMinutes: 10,
      });
    });

    it('when drafted in normal steps, then three 10-minute sessions this week are one 30-minute step, not dropped', () => {
      expect(training('normal')).toMatchObject({
        title: 'Three 10-minute sessions on the first stage this week, with treats, somewhere calm',
        estimatedMinutes: 30,
      });
    });

    it('when drafted in big steps, then six of them are one hour-long step', () => {
      expect(training('big')).toMatchObject({
        title: 'Six 10-minute sessions on the first stage this week, with treats, somewhere calm',
        estimatedMinutes: 60,
      });
    });
  });

  describe('properties', () => {
    const cases = fc.constantFrom(...breakdownEvalSet.cases);
    const sizes = fc.constantFrom(...stepGranularityValues);

    it('every step of every evaluation goal, at every size, names a distance, duration or word count its estimate holds (within ±50%)', () => {
      fc.assert(
        fc.property(cases, sizes, fc.integer({ min: 0, max: 5 }), fc.boolean(), (evalCase, size, variant, easy) => {
          const steps = planBreakdown({
            goal: evalCase.goal,
            today: TODAY,
            options: { ...evalCase.options, granularity: size, variant, easiestFirst: easy },
          });
          const range = stepMinutesRange(size);
          expect(
            steps
              .filter((step) => !agrees(step))
              .map((step) => `${step.estimatedMinutes} min: ${step.title} (${impliedMinutes(step.title)} min)`),
          ).toEqual([]);
          expect(steps.filter((step) => UNPACED.test(step.title)).map((step) => step.title)).toEqual([]);
          expect(steps.every((step) => step.estimatedMinutes >= range.min && step.estimatedMinutes <= range.max)).toBe(
            true,
          );
        }),
        { numRuns: 400 },
      );
    });
  });
});
