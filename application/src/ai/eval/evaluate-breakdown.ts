import { plannedStepSchema, type PlannedStep } from '@stride/domain/ai/breakdown';
import type { BreakdownEvalCase } from './breakdown-eval-case';

/** What one planner answer got right or wrong against its case's expectations. Pure. */
export interface BreakdownEvalResult {
  readonly id: string;
  readonly domain: string;
  readonly passed: boolean;
  readonly failures: readonly string[];
  readonly steps: readonly PlannedStep[];
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A word or phrase at the start of a word ("renovat" finds "renovate"), case-insensitive. */
const mentions = (text: string, term: string): boolean =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escape(term)}`, 'iu').test(text);

const normalise = (title: string): string =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const within = (value: number, [min, max]: readonly [number, number]): boolean => value >= min && value <= max;

export function evaluateBreakdown(
  evalCase: BreakdownEvalCase,
  steps: readonly PlannedStep[],
  today: string,
): BreakdownEvalResult {
  const failures: string[] = [];
  const expect = evalCase.expect;
  const invalid = steps.filter((step) => !plannedStepSchema.safeParse(step).success);
  if (invalid.length > 0) failures.push(`${invalid.length} step(s) do not match the task schema`);
  if (steps.length < 3 || steps.length > 10) failures.push(`${steps.length} steps, the contract allows 3 to 10`);

  const text = steps.map((step) => `${step.title}\n${step.description ?? ''}`).join('\n');
  for (const term of expect.mustInclude) {
    if (!text.toLowerCase().includes(term.toLowerCase())) failures.push(`missing "${term}"`);
  }
  for (const group of expect.mustIncludeAny) {
    if (!group.some((term) => text.toLowerCase().includes(term.toLowerCase()))) {
      failures.push(`missing one of ${group.map((term) => `"${term}"`).join(', ')}`);
    }
  }
  for (const term of expect.mustNotInclude) {
    if (mentions(text, term)) failures.push(`mentions "${term}"`);
  }

  const total = steps.reduce((sum, step) => sum + step.estimatedMinutes, 0);
  if (expect.totalMinutes && !within(total, expect.totalMinutes)) {
    failures.push(`total ${total} min, expected ${expect.totalMinutes[0]}..${expect.totalMinutes[1]}`);
  }
  if (expect.steps && !within(steps.length, expect.steps)) {
    failures.push(`${steps.length} steps, expected ${expect.steps[0]}..${expect.steps[1]}`);
  }
  const middle = median(steps.map((step) => step.estimatedMinutes));
  if (expect.medianMinutes && !within(middle, expect.medianMinutes)) {
    failures.push(`median step ${middle} min, expected ${expect.medianMinutes[0]}..${expect.medianMinutes[1]}`);
  }

  if (expect.datesBeforeTarget) {
    const target = (expect.targetDate ?? evalCase.goal.targetDate ?? '').slice(0, 10);
    const late = steps.filter(
      (step) => !step.suggestedDate || step.suggestedDate < today || step.suggestedDate > target,
    );
    if (target === '') failures.push('datesBeforeTarget without a target date');
    else if (late.length > 0) failures.push(`${late.length} step(s) without a do-date from ${today} to ${target}`);
  }

  const seen = new Set<string>();
  for (const step of steps) {
    const key = normalise(step.title);
    if (seen.has(key)) failures.push(`repeated step "${step.title}"`);
    seen.add(key);
  }

  return { id: evalCase.id, domain: evalCase.domain, passed: failures.length === 0, failures, steps };
}
