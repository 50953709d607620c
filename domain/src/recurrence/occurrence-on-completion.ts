import type { GoalState } from '../goals/goal-events';
import type { CommandMetadata } from '../shared/event';
import type { CreateNextOccurrence } from '../tasks/task-planning-decider';

/**
 * "The next occurrence appears when one is done": the CreateNextOccurrence to decide right after
 * completing `taskId`, when the task is an occurrence of a series that still runs (none otherwise). The
 * recurrence job sends the same command later, which then creates nothing (the occurrence's id is taken).
 */
export const nextOccurrenceOnCompletion = (
  state: GoalState,
  taskId: string,
  timeZone: string,
  metadata: CommandMetadata,
): CreateNextOccurrence[] => {
  const task = state?.tasks.items.find((candidate) => candidate.taskId === taskId);
  const series = state?.tasks.series.find((candidate) => candidate.seriesId === task?.seriesId);
  if (task === undefined || series === undefined || series.ended) return [];
  return [{ type: 'CreateNextOccurrence', data: { seriesId: series.seriesId, timeZone }, metadata }];
};
