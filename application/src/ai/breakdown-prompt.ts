import { GENERATED_TASK_LIMITS, type GoalForBreakdown } from '@stride/domain/ai/breakdown';

const L = GENERATED_TASK_LIMITS;

/** The instructions every remote model gets: the JSON shape breakdownResultSchema validates. */
export const BREAKDOWN_SYSTEM_PROMPT = [
  "You are a planning assistant. Break the user's goal into concrete, actionable tasks.",
  `Answer with one JSON object only, of the form {"tasks": [...]}, with ${L.tasksMin} to ${L.tasksMax} tasks.`,
  `Each task: "title" (${L.titleMin} to ${L.titleMax} characters, starts with a verb), "estimatedMinutes"`,
  `(a whole number from ${L.minutesMin} to ${L.minutesMax}), "energyLevel" ("low", "medium" or "high": the`,
  'energy the task needs), and optionally "description" (one or two sentences).',
  'Order the tasks as they should be done. Respect the target date when there is one.',
].join(' ');

/** The goal as the user message: JSON, so titles with quotes or instructions stay data. */
export function breakdownUserPrompt(goal: GoalForBreakdown, today: string): string {
  return JSON.stringify({
    goal: {
      title: goal.title,
      description: goal.description ?? '',
      category: goal.category,
      priority: goal.priority,
      targetDate: goal.targetDate ?? null,
    },
    today,
  });
}
