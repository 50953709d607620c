import type { DraftStep, Overload, PlannerSource } from '@stride/domain/contracts/breakdowns';
import type { AiMetadata, BreakdownOutcome } from '../breakdown-provider';
import { embeddedPlannerInfo } from '../embedded-planner/plan-breakdown';
import { assessOverload, suggestDates } from '../embedded-planner/schedule';
import type { GeneratedTask } from '@stride/domain/ai/breakdown';

/** The label the UI shows: the built-in planner says so; a model is named. */
export const plannerSourceOf = (metadata: Pick<AiMetadata, 'provider' | 'model' | 'fallback'>): PlannerSource => ({
  provider: metadata.provider,
  model: metadata.model,
  label: metadata.provider === embeddedPlannerInfo.provider ? embeddedPlannerInfo.label : metadata.model,
  fallback: metadata.fallback,
});

export const draftStepOf = (task: GeneratedTask, suggestedDate: string | null = null): DraftStep => ({
  title: task.title,
  estimated_minutes: task.estimatedMinutes,
  energy_level: task.energyLevel,
  description: task.description ?? null,
  suggested_date: suggestedDate,
});

/**
 * A planner's answer as draft steps: each with a do-date spread over the weeks before the target date (the
 * planner's own when it gives them, else evenly), and the overload warning when the plan needs more time
 * than the user has a week.
 */
export function draftOf(
  outcome: BreakdownOutcome,
  {
    today,
    targetDate,
    availableMinutesPerWeek,
  }: { today: string; targetDate: string | null; availableMinutesPerWeek: number | null | undefined },
): { steps: DraftStep[]; overload: Overload | null } {
  const tasks = outcome.result.tasks;
  const dates = outcome.suggestedDates ?? suggestDates(tasks.length, today, targetDate);
  const steps = tasks.map((task, index) => draftStepOf(task, dates[index] ?? null));
  const assessed = assessOverload({ steps: tasks, today, targetDate, availableMinutesPerWeek });
  const overload =
    assessed.warning && assessed.availableMinutes !== null
      ? {
          plan_minutes: assessed.planMinutes,
          available_minutes: assessed.availableMinutes,
          message: assessed.warning.message,
          options: assessed.warning.options.map((option) =>
            option.kind === 'move-target-date'
              ? { kind: option.kind, target_date: option.targetDate }
              : { kind: option.kind, keep_steps: option.keepSteps, minutes: option.minutes },
          ),
        }
      : null;
  return { steps, overload };
}
