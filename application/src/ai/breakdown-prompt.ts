import {
  GENERATED_TASK_LIMITS,
  GRANULARITY_MINUTES,
  stepMinutesRange,
  type BreakdownOptions,
  type EnergyLevel,
  type GoalForBreakdown,
} from '@stride/domain/ai/breakdown';

/**
 * Every word a remote model is told, in one file: the system prompt (the JSON shape breakdownResultSchema
 * validates) and the user message (the goal and the user's options as JSON data, so a title with quotes
 * or instructions stays data).
 */

const L = GENERATED_TASK_LIMITS;

export const BREAKDOWN_SYSTEM_PROMPT = [
  "You are a planning assistant. Break the user's goal into concrete, actionable tasks.",
  `Answer with one JSON object only, of the form {"tasks": [...]}, with ${L.tasksMin} to ${L.tasksMax} tasks.`,
  `Each task: "title" (${L.titleMin} to ${L.titleMax} characters, starts with a verb), "estimatedMinutes"`,
  `(a whole number from ${L.minutesMin} to ${L.minutesMax}), "energyLevel" ("low", "medium" or "high": the`,
  'energy the task needs), and optionally "description" (one or two sentences).',
  'Use everything the goal says: its description, numbers ("5 km twice a week", "60,000 words") and dates.',
  'Never give steps that belong to another kind of goal.',
  'Size each task close to "stepMinutes" and within "stepMinutesRange" (fewer, bigger tasks when it is large;',
  'more, smaller ones when small): split an activity longer than the range, or leave it out.',
  'A title that names an amount of its own work (a distance, a duration, words to write) names what fits the',
  'task\'s minutes: a 15-minute easy run is "an easy 2 km", not "an easy 5 km".',
  'Order the tasks as they should be done, or from the least to the most demanding when "easiestFirst" is true.',
  'Multiply your minute estimates by "estimateRatio" for the task\'s energy level: the user\'s own pace.',
  'Never repeat or rephrase a task listed in "existingTasks". Respect the target date when there is one.',
  'With "subStepsOf", the goal is one step of that goal: give sub-steps of this step only, together about its "stepMinutes".',
].join(' ');

/** The ratio a model is told to apply, per energy level (1 when the user has no history). */
const ratiosOf = (options: BreakdownOptions | undefined): Record<EnergyLevel, number> => {
  const correction = options?.estimateCorrection;
  const ratio = (level: EnergyLevel) => correction?.byEnergy[level] ?? correction?.overall ?? 1;
  return { low: ratio('low'), medium: ratio('medium'), high: ratio('high') };
};

/** The goal and the user's options as the user message. */
export function breakdownUserPrompt(goal: GoalForBreakdown, today: string, options?: BreakdownOptions): string {
  const granularity = options?.granularity ?? 'normal';
  return JSON.stringify({
    goal: {
      title: goal.title,
      description: goal.description ?? '',
      category: goal.category,
      priority: goal.priority,
      targetDate: goal.targetDate ?? null,
    },
    today,
    granularity,
    stepMinutes: GRANULARITY_MINUTES[granularity],
    stepMinutesRange: stepMinutesRange(granularity),
    easiestFirst: options?.easiestFirst ?? false,
    estimateRatio: ratiosOf(options),
    existingTasks: options?.existingTaskTitles ?? [],
    // Sub-steps of one step of a goal: about that step only, together about its minutes.
    ...(options?.subStepsOf && {
      subStepsOf: { goal: options.subStepsOf.goalTitle, stepMinutes: options.subStepsOf.estimatedMinutes },
    }),
    // Asked again: a different, still sensible plan.
    ...(options && options.variant > 0 && { variant: options.variant, differentFromBefore: true }),
  });
}
