import { breakdownOptionsSchema, type BreakdownOptions, type StepGranularity } from '@stride/domain/ai/breakdown';
import { calibrateEstimates, correctionFor, describeCalibration } from '@stride/domain/ai/estimate-calibration';
import type { Goal } from '@stride/domain/goals/goal-events';
import { listEstimateSamples } from '@stride/projections/goals/queries/list-estimate-samples';
import type { Services } from '../../services';

/** What the user chose for a breakdown (the API's draft options, camel-cased). */
export interface DraftChoices {
  readonly granularity: StepGranularity;
  readonly easiestFirst: boolean;
  readonly variant: number;
  readonly availableMinutesPerWeek?: number | null | undefined;
  /** Titles to avoid besides the goal's live tasks (the other steps of the draft). */
  readonly avoidTitles?: readonly string[];
}

export interface PlannerRequest {
  readonly options: BreakdownOptions;
  /** The honest sentence about the user's pace, when their minutes were corrected; else null. */
  readonly estimateNote: string | null;
}

/**
 * The planner's options for one of the user's goals: their choices, the goal's live task titles (not to be
 * proposed again) and their own estimate ratio, learnt from the minutes they logged on completed tasks.
 */
export async function plannerRequestFor(
  services: Services,
  userId: string,
  goal: Goal,
  choices: DraftChoices,
): Promise<PlannerRequest> {
  const calibration = calibrateEstimates(await listEstimateSamples(services.pool, userId));
  const correction = correctionFor(calibration, goal.category);
  const liveTitles = goal.tasks.items.filter((task) => task.deletedAt === null).map((task) => task.title);
  const options = breakdownOptionsSchema.parse({
    granularity: choices.granularity,
    easiestFirst: choices.easiestFirst,
    variant: choices.variant,
    estimateCorrection: correction,
    existingTaskTitles: [...liveTitles, ...(choices.avoidTitles ?? [])].slice(0, 200),
    availableMinutesPerWeek: choices.availableMinutesPerWeek ?? null,
  });
  return { options, estimateNote: describeCalibration(calibration) };
}
