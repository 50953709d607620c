import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { breakdownRequestSchema, type BreakdownRequest, type PlannedStep } from '@stride/domain/ai/breakdown';
import { planBreakdown } from '../embedded-planner/plan-breakdown';
import { breakdownEvalSetSchema, type BreakdownEvalSet } from './breakdown-eval-case';
import breakdownGoals from './breakdown-goals.json' with { type: 'json' };
import { evaluateBreakdown, type BreakdownEvalResult } from './evaluate-breakdown';

/**
 * The breakdown evaluation: runs every goal of breakdown-goals.json through a planner and checks its
 * answer. The planner is any function from the shared request to steps, so the same set measures the
 * embedded planner (the default) and a configured model.
 *
 *   npx tsx application/src/ai/eval/run-breakdown-eval.ts [--provider <module>] [--min-pass 0.9] [--only <id part>] [--verbose]
 *
 * `--provider` names a module whose default export (or `provider` export) is a BreakdownEvalProvider,
 * e.g. an adapter around the OpenAI-compatible provider. Exits 1 below the minimum pass rate.
 */

export type BreakdownEvalProvider = (
  request: BreakdownRequest,
) => Promise<readonly PlannedStep[] | { readonly tasks: readonly PlannedStep[] }> | readonly PlannedStep[];

export interface BreakdownEvalReport {
  readonly total: number;
  readonly passed: number;
  readonly passRate: number;
  readonly results: readonly BreakdownEvalResult[];
}

export const embeddedEvalProvider: BreakdownEvalProvider = (request) => planBreakdown(request);

export const breakdownEvalSet: BreakdownEvalSet = breakdownEvalSetSchema.parse(breakdownGoals);

export async function runBreakdownEval(
  provider: BreakdownEvalProvider,
  set: BreakdownEvalSet = breakdownEvalSet,
  filter: (id: string) => boolean = () => true,
): Promise<BreakdownEvalReport> {
  const results: BreakdownEvalResult[] = [];
  for (const evalCase of set.cases.filter((c) => filter(c.id))) {
    const request = breakdownRequestSchema.parse({
      goal: evalCase.goal,
      today: set.today,
      options: evalCase.options ?? {},
    });
    try {
      const answer = await provider(request);
      const steps = 'tasks' in answer ? answer.tasks : answer;
      results.push(evaluateBreakdown(evalCase, steps, set.today));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      results.push({
        id: evalCase.id,
        domain: evalCase.domain,
        passed: false,
        failures: [`planner failed: ${message}`],
        steps: [],
      });
    }
  }
  const passed = results.filter((result) => result.passed).length;
  return { total: results.length, passed, passRate: results.length === 0 ? 0 : passed / results.length, results };
}

export function formatEvalReport(report: BreakdownEvalReport, { verbose = false } = {}): string {
  const lines = [
    `Breakdown evaluation: ${report.passed}/${report.total} passed (${(report.passRate * 100).toFixed(1)}%)`,
  ];
  for (const result of report.results) {
    if (result.passed && !verbose) continue;
    lines.push(
      `${result.passed ? 'PASS' : 'FAIL'} ${result.id} [${result.domain}]${result.passed ? '' : `: ${result.failures.join('; ')}`}`,
    );
    if (!result.passed || verbose) {
      for (const step of result.steps) {
        lines.push(
          `    ${step.suggestedDate ?? '          '} ${String(step.estimatedMinutes).padStart(3)} min ${step.energyLevel.padEnd(6)} ${step.title}`,
        );
      }
    }
  }
  return lines.join('\n');
}

const argValue = (args: readonly string[], name: string): string | undefined => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};

async function main(args: readonly string[]): Promise<number> {
  const providerPath = argValue(args, '--provider');
  const minPass = Number(argValue(args, '--min-pass') ?? '0.9');
  const only = argValue(args, '--only');
  let provider = embeddedEvalProvider;
  if (providerPath) {
    const module = (await import(pathToFileURL(resolve(providerPath)).href)) as {
      default?: BreakdownEvalProvider;
      provider?: BreakdownEvalProvider;
    };
    const loaded = module.default ?? module.provider;
    if (typeof loaded !== 'function') throw new Error(`${providerPath} exports no provider function`);
    provider = loaded;
  }
  const report = await runBreakdownEval(provider, breakdownEvalSet, only ? (id) => id.includes(only) : undefined);
  console.log(formatEvalReport(report, { verbose: args.includes('--verbose') }));
  return report.passRate >= minPass ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
