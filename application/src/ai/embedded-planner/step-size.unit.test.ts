import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GENERATED_TASK_LIMITS,
  GRANULARITY_MINUTES,
  plannedBreakdownSchema,
  stepGranularityValues,
  stepMinutesRange,
  subtaskCount,
  type BreakdownRequestInput,
  type EnergyLevel,
  type PlannedStep,
  type StepGranularity,
} from '@stride/domain/ai/breakdown';
import { roundEstimate } from '@stride/domain/ai/estimate-calibration';
import { breakdownEvalSet } from '../eval/run-breakdown-eval';
import { SUB_STEPS_DOMAIN, explainPlan, planBreakdown } from './plan-breakdown';
import { readStep } from './plan-sub-steps';

/**
 * What the built-in planner proposes is at the size the user chose (docs/decisions.md, "Step size"), and
 * the sub-steps of a step are about that step: examples first, then properties over many goals, every
 * size and the steps the planner itself proposes.
 */

const TODAY = '2026-11-25';
type Goal = BreakdownRequestInput['goal'];
type Options = NonNullable<BreakdownRequestInput['options']>;

const STOP = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'to', 'for', 'your', 'my', 'in', 'on', 'with', 'at', 'it']);
const words = (text: string): Set<string> =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 1 && !STOP.has(word)),
  );
const sharesWords = (a: string, b: string): boolean => [...words(a)].some((word) => words(b).has(word));
const normalised = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const within = (steps: readonly PlannedStep[], granularity: StepGranularity): boolean => {
  const { min, max } = stepMinutesRange(granularity);
  return steps.every((step) => step.estimatedMinutes >= min && step.estimatedMinutes <= max);
};
const unique = (steps: readonly PlannedStep[]): boolean =>
  new Set(steps.map((step) => normalised(step.title))).size === steps.length;

const subSteps = (
  title: string,
  estimatedMinutes: number,
  granularity: StepGranularity,
  more: Options = {},
  energyLevel: EnergyLevel = 'high',
): PlannedStep[] =>
  planBreakdown({
    goal: { title, description: 'One step of the goal "Run a half marathon".', category: 'health' },
    today: TODAY,
    options: {
      granularity,
      ...more,
      subStepsOf: { goalTitle: 'Run a half marathon', estimatedMinutes, energyLevel },
    },
  });

describe('step sizes', () => {
  describe('given the size ranges, declared once from GRANULARITY_MINUTES', () => {
    it('then tiny is 5 to 15, normal 15 to 35 and big 30 to 90 minutes, each around its own minutes', () => {
      expect(stepMinutesRange('tiny')).toEqual({ min: 5, max: 15 });
      expect(stepMinutesRange('normal')).toEqual({ min: 15, max: 35 });
      expect(stepMinutesRange('big')).toEqual({ min: 30, max: 90 });
      for (const size of stepGranularityValues) {
        const { min, max } = stepMinutesRange(size);
        expect(min).toBeLessThanOrEqual(GRANULARITY_MINUTES[size]);
        expect(max).toBeGreaterThanOrEqual(GRANULARITY_MINUTES[size]);
      }
    });
  });

  describe('given the half marathon of the Chromium walkthrough', () => {
    const goal: Goal = {
      title: 'Run a half marathon',
      description: 'I currently run 5 km twice a week',
      category: 'health',
      priority: 'high',
      targetDate: '2027-03-15',
    };

    it.each(stepGranularityValues.map((size) => [size]))(
      'when drafted in %s steps, then every step is within the size and the total is what those steps add up to',
      (size) => {
        const steps = planBreakdown({ goal, today: TODAY, options: { granularity: size } });
        const { max } = stepMinutesRange(size);
        expect(steps.filter((step) => !within([step], size))).toEqual([]);
        expect(steps.reduce((sum, step) => sum + step.estimatedMinutes, 0)).toBeLessThanOrEqual(steps.length * max);
        expect(unique(steps)).toBe(true);
      },
    );

    it('when a user who takes 2.5x longer drafts it tiny, then the steps hold tiny work, estimated in their time', () => {
      const plain = planBreakdown({ goal, today: TODAY, options: { granularity: 'tiny' } });
      const slow = planBreakdown({
        goal,
        today: TODAY,
        options: { granularity: 'tiny', estimateCorrection: { overall: 2.5, byEnergy: {} } },
      });
      expect(within(plain, 'tiny')).toBe(true);
      expect(slow.map((step) => step.title)).toEqual(plain.map((step) => step.title));
      slow.forEach((step, index) => {
        const work = plain[index]!.estimatedMinutes;
        // A timed step lasts what its title says; any other is its work at 2.5x (rounded to the estimate marks).
        expect([work, roundEstimate(work * 2.5)]).toContain(step.estimatedMinutes);
      });
      expect(slow.some((step, index) => step.estimatedMinutes > plain[index]!.estimatedMinutes)).toBe(true);
    });
  });

  describe('given a step of a goal broken into sub-steps', () => {
    it('when "Run an interval session" is broken into tiny sub-steps, then they are about the interval session, not shoes or race sign-ups', () => {
      const title = 'Run an interval session: 6 x 400 m at a hard effort';
      const steps = subSteps(title, 40, 'tiny');
      expect(steps).toHaveLength(subtaskCount(40, 'tiny'));
      for (const step of steps) {
        expect(step.title).toMatch(/interval session/i);
        expect(step.title).not.toMatch(/shoes|sign up|training plan|race week/i);
      }
      expect(within(steps, 'tiny')).toBe(true);
      expect(steps.map((step) => step.estimatedMinutes)).toEqual([10, 10, 10, 10]);
    });

    it('when the step names its parts ("taper, kit, route to the start"), then each part is a sub-step', () => {
      const steps = subSteps('Plan race week for the half marathon: taper, kit, route to the start', 30, 'tiny');
      expect(steps.map((step) => step.title)).toEqual([
        'Plan race week for the half marathon: taper',
        'Plan race week for the half marathon: kit',
        'Plan race week for the half marathon: route to the start',
      ]);
    });

    it('when the step joins two actions ("Lace up and jog for 10 minutes"), then both are sub-steps, after getting ready', () => {
      const titles = subSteps('Lace up and jog for 10 minutes', 30, 'tiny').map((step) => step.title);
      expect(titles).toEqual([
        'Set out what you need to lace up and jog for 10 minutes',
        'Lace up',
        'Jog for 10 minutes',
      ]);
    });

    it('when the step is a noun ("Long run: 8 km"), then the sub-steps name it as something to do', () => {
      const steps = subSteps('Long run: 8 km at an easy, conversational pace', 60, 'tiny');
      expect(steps).toHaveLength(6);
      expect(steps.every((step) => /long run/i.test(step.title))).toBe(true);
    });

    it('when its minutes hold fewer than three sub-steps, then the first ones are the plan and a spare follows', () => {
      const steps = subSteps('Lace up and jog for 10 minutes', 30, 'normal');
      expect(subtaskCount(30, 'normal')).toBe(2);
      expect(steps.map((step) => step.title)).toEqual([
        'Lace up',
        'Jog for 10 minutes',
        'Set out what you need to lace up and jog for 10 minutes',
      ]);
      expect(steps.map((step) => step.estimatedMinutes)).toEqual([15, 15, 15]);
    });

    it('when broken down again, then the sub-steps it has are not proposed again', () => {
      const first = subSteps('Run an interval session: 6 x 400 m at a hard effort', 40, 'tiny');
      const again = subSteps('Run an interval session: 6 x 400 m at a hard effort', 40, 'tiny', {
        variant: 1,
        existingTaskTitles: first.map((step) => step.title.toUpperCase()),
      });
      const before = new Set(first.map((step) => normalised(step.title)));
      expect(again.filter((step) => before.has(normalised(step.title)))).toEqual([]);
      expect(again.length).toBeGreaterThanOrEqual(3);
    });

    it('then the plan says it used no playbook', () => {
      const plan = explainPlan({
        goal: { title: 'Run an interval session' },
        today: TODAY,
        options: { subStepsOf: { goalTitle: 'Run a half marathon', estimatedMinutes: 40 } },
      });
      expect(plan.domain).toBe(SUB_STEPS_DOMAIN);
      expect(plan.steps.every((step) => step.suggestedDate === null)).toBe(true);
    });

    it('then a title is read as an action and its parts', () => {
      expect(readStep('Get the official syllabus for the Driving test and list every topic')).toMatchObject({
        action: 'get the official syllabus for the Driving test and list every topic',
        parts: ['Get the official syllabus for the Driving test', 'List every topic'],
      });
      expect(readStep('Long run: 8 km at an easy, conversational pace')).toMatchObject({
        head: 'Long run',
        detail: '8 km at an easy, conversational pace',
        action: 'do the long run',
        parts: [],
      });
    });
  });

  describe('properties', () => {
    const VERBS = [
      'Learn',
      'Write',
      'Run',
      'Build',
      'Plan',
      'Start',
      'Finish',
      'Get',
      'Save',
      'Read',
      'Fix',
      'Organise',
    ];
    const THINGS = [
      'a 10k',
      'my first novel',
      'the garden shed',
      'Spanish',
      'an online store',
      'the garage',
      '$2,000 for a trip',
      '12 books',
      'a half marathon',
      'my thesis',
      'the kitchen',
      'guitar chords',
      'a podcast',
      '50 push-ups',
    ];
    const TAILS = ['', ' by June', ' in 6 weeks', ' before Christmas', ' this year', ' with my sister'];
    const composed = fc
      .tuple(fc.constantFrom(...VERBS), fc.constantFrom(...THINGS), fc.constantFrom(...TAILS))
      .map(([verb, thing, tail]) => `${verb} ${thing}${tail}`);
    const evalTitles = fc.constantFrom(...breakdownEvalSet.cases.map((evalCase) => evalCase.goal));
    const goals: fc.Arbitrary<Goal> = fc.oneof(
      evalTitles,
      fc.record({
        title: composed,
        category: fc.constantFrom('personal', 'health', 'career', 'learning', 'fitness'),
        priority: fc.constantFrom('low' as const, 'medium' as const, 'high' as const),
        targetDate: fc.option(
          fc
            .integer({ min: -30, max: 400 })
            .map((days) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)),
          { nil: null },
        ),
      }),
    );
    const sizes = fc.constantFrom(...stepGranularityValues);
    const ratio = fc.option(fc.double({ min: 0.5, max: 2.5, noNaN: true }), { nil: undefined });
    const options = fc.record({
      granularity: sizes,
      variant: fc.integer({ min: 0, max: 6 }),
      easiestFirst: fc.boolean(),
      overall: ratio,
    });

    it('every step proposed for a goal holds work of the chosen size (estimated in the user’s time), titles are unique, and the plan is repeatable', () => {
      fc.assert(
        fc.property(goals, options, (goal, { overall, ...chosen }) => {
          const request = {
            goal,
            today: TODAY,
            options: { ...chosen, ...(overall !== undefined && { estimateCorrection: { overall, byEnergy: {} } }) },
          };
          const steps = planBreakdown(request);
          // The work is sized to the choice (the plan without the user's ratio); with it, the same steps in
          // the user's time: each estimate the work's, or the work's times the ratio (a timed step keeps its).
          const work = planBreakdown({ ...request, options: chosen });
          expect(plannedBreakdownSchema.safeParse({ tasks: steps }).success).toBe(true);
          expect(work.filter((step) => !within([step], chosen.granularity))).toEqual([]);
          // (Easiest first orders by the user's minutes, so the two may list them in another order.)
          const workOf = new Map(work.map((step) => [step.title, step.estimatedMinutes]));
          expect(steps.map((step) => step.title).sort()).toEqual([...workOf.keys()].sort());
          steps.forEach((step) => {
            const sized = workOf.get(step.title)!;
            const corrected = Math.min(
              GENERATED_TASK_LIMITS.minutesMax,
              Math.max(GENERATED_TASK_LIMITS.minutesMin, roundEstimate(sized * (overall ?? 1))),
            );
            expect([sized, corrected]).toContain(step.estimatedMinutes);
          });
          expect(unique(steps)).toBe(true);
          expect(planBreakdown(request)).toEqual(steps);
        }),
        { numRuns: 200 },
      );
    }, 30_000); // two plans a run, on a busy machine

    it('the sub-steps of every step the planner proposes are about that step, within the sub-step size, and unique', () => {
      fc.assert(
        fc.property(goals, sizes, sizes, fc.integer({ min: 0, max: 3 }), (goal, size, subSize, variant) => {
          const steps = planBreakdown({ goal, today: TODAY, options: { granularity: size, variant } });
          for (const step of steps) {
            const subs = subSteps(step.title, step.estimatedMinutes, subSize, { variant }, step.energyLevel);
            expect(plannedBreakdownSchema.safeParse({ tasks: subs }).success).toBe(true);
            expect(subs.length).toBeGreaterThanOrEqual(subtaskCount(step.estimatedMinutes, subSize));
            expect(subs.filter((sub) => !within([sub], subSize))).toEqual([]);
            expect(subs.filter((sub) => !sharesWords(sub.title, step.title)).map((sub) => sub.title)).toEqual([]);
            expect(subs.map((sub) => normalised(sub.title))).not.toContain(normalised(step.title));
            expect(unique(subs)).toBe(true);
          }
        }),
        { numRuns: 60 },
      );
    });

    it('when a title has only stop words before its colon ("my: aa"), then the sub-steps name what follows it', () => {
      for (const sub of subSteps('my:  , aa', 10, 'tiny')) expect(sharesWords(sub.title, 'aa')).toBe(true);
    });

    it('when a title holds $ patterns ("Save $` and $&"), then the sub-steps quote it as typed', () => {
      const title = 'Save $` and $& for the trip';
      const subs = subSteps(title, 30, 'tiny');
      expect(subs.some((sub) => sub.title.includes('$` and $&'))).toBe(true);
      for (const sub of subs) expect(sub.title).not.toMatch(/Set out what you need to.*Set out/);
    });

    it('any title a person types gives valid, sized, unique sub-steps, the same each time', () => {
      const typed = fc.oneof(
        fc.string({ minLength: 1, maxLength: 120 }).filter((title) => title.trim() !== ''),
        fc.stringMatching(/^[A-Za-z][a-z]{1,9}( [a-z0-9]{1,8}){0,12}([:,] [a-z ]{1,40}){0,3}$/),
      );
      fc.assert(
        fc.property(typed, fc.integer({ min: 1, max: 1440 }), sizes, (title, minutes, size) => {
          const subs = subSteps(title, minutes, size);
          expect(plannedBreakdownSchema.safeParse({ tasks: subs }).success).toBe(true);
          expect(subs.filter((sub) => !within([sub], size))).toEqual([]);
          expect(unique(subs)).toBe(true);
          if (words(title).size > 0) expect(subs.every((sub) => sharesWords(sub.title, title))).toBe(true);
          expect(subSteps(title, minutes, size)).toEqual(subs);
        }),
        { numRuns: 300 },
      );
    });
  });
});
