import { describe, expect, it } from 'vitest';
import type { PlannedStep } from '@stride/domain/ai/breakdown';
import { breakdownEvalCaseSchema } from './breakdown-eval-case';
import { evaluateBreakdown } from './evaluate-breakdown';
import { planBreakdown } from '../embedded-planner/plan-breakdown';
import { breakdownEvalSet, embeddedEvalProvider, formatEvalReport, runBreakdownEval } from './run-breakdown-eval';

const MIN_PASS_RATE = 0.9;

/** Planning the whole set takes a second or two; far longer on a busy 2-core machine. */
const EVAL_TIMEOUT_MS = 60_000;

describe('breakdown evaluation', () => {
  describe('the set', () => {
    it('has at least 60 goals across at least 12 kinds, with unique ids', () => {
      expect(breakdownEvalSet.cases.length).toBeGreaterThanOrEqual(60);
      expect(new Set(breakdownEvalSet.cases.map((c) => c.domain)).size).toBeGreaterThanOrEqual(12);
      expect(new Set(breakdownEvalSet.cases.map((c) => c.id)).size).toBe(breakdownEvalSet.cases.length);
    });

    it('holds the misfires quoted in issue 14', () => {
      const titles = breakdownEvalSet.cases.map(
        (c) => `${c.goal.title} | ${c.goal.category} | ${c.goal.description ?? ''}`,
      );
      expect(titles).toEqual(
        expect.arrayContaining([
          'Launch an online store | career | ',
          'Renovate the bathroom | home | ',
          'Adopt a rescue dog | personal | ',
          'Run a half marathon | fitness | I currently run 5 km twice a week.',
          'Write a 60,000-word novel | creative | ',
        ]),
      );
    });
  });

  it(
    `the embedded planner passes at least ${MIN_PASS_RATE * 100}% of the set`,
    async () => {
      const report = await runBreakdownEval(embeddedEvalProvider);
      if (report.passed < report.total) console.log(formatEvalReport(report));
      expect(report.passRate).toBeGreaterThanOrEqual(MIN_PASS_RATE);
    },
    EVAL_TIMEOUT_MS,
  );

  it.each([1, 2, 3])(
    `asking again (variant %i) still passes at least ${MIN_PASS_RATE * 100}%`,
    async (variant) => {
      const report = await runBreakdownEval((request) =>
        planBreakdown({ ...request, options: { ...request.options, variant } }),
      );
      if (report.passRate < MIN_PASS_RATE) console.log(formatEvalReport(report));
      expect(report.passRate).toBeGreaterThanOrEqual(MIN_PASS_RATE);
    },
    EVAL_TIMEOUT_MS,
  );

  describe('the checks catch bad answers', () => {
    const evalCase = breakdownEvalCaseSchema.parse({
      id: 'dog',
      domain: 'pets',
      goal: { title: 'Adopt a rescue dog', targetDate: '2026-12-31' },
      expect: {
        mustInclude: ['dog'],
        mustNotInclude: ['resume'],
        totalMinutes: [60, 200],
        steps: [3, 5],
        datesBeforeTarget: true,
      },
    });
    const step = (title: string, suggestedDate: string | null = '2026-12-01'): PlannedStep => ({
      title,
      estimatedMinutes: 30,
      energyLevel: 'low',
      suggestedDate,
    });
    const good = [step('Visit the dog shelter'), step('Buy a dog bed'), step('Book the vet')];

    it('given a good answer, then it passes', () => {
      expect(evaluateBreakdown(evalCase, good, '2026-11-25')).toMatchObject({ passed: true, failures: [] });
    });

    it.each<[string, PlannedStep[], string]>([
      ['a word of another domain', [...good, step('Update your resume')], 'mentions "resume"'],
      ['a repeated step', [...good, step('book the vet!')], 'repeated step "book the vet!"'],
      [
        'a date after the target',
        [...good.slice(0, 2), step('Book the vet', '2027-01-05')],
        '1 step(s) without a do-date',
      ],
      ['a missing date', [...good.slice(0, 2), step('Book the vet', null)], '1 step(s) without a do-date'],
      ['too many minutes', good.map((s) => ({ ...s, estimatedMinutes: 120 })), 'total 360 min'],
      ['a missing word', good.map((s) => ({ ...s, title: s.title.replace(/dog/i, 'pet') })), 'missing "dog"'],
      ['too few steps', good.slice(0, 2), '2 steps, the contract allows 3 to 10'],
    ])('given %s, then it fails and says why', (_, steps, failure) => {
      const result = evaluateBreakdown(evalCase, steps, '2026-11-25');
      expect(result.passed).toBe(false);
      expect(result.failures.join('\n')).toContain(failure);
    });
  });
});
