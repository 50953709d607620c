import { z } from 'zod';
import { localDateOf } from '@stride/domain/dates/local-date';
import { goalStreamDecider } from '@stride/domain/goals/goal-decider';
import { isOverdue, moveDate, overdueMoves, overdueTargets } from '@stride/domain/planning/overdue-moves';
import { decideInTurn } from '@stride/domain/shared/decide-in-turn';
import { streamIds } from '@stride/domain/stream-ids';
import { listPlannedTasks } from '@stride/projections/planner/queries/list-planned-tasks';
import type { Services } from '../../services';
import { getUserTimeZone } from '@stride/projections/users/queries/get-user-time-zone';
import type { CommandContext, StreamTarget } from '../command-handler';
import type { GoalState, GoalStreamEvent } from '@stride/domain/goals/goal-events';
import { keptTimeZone } from '../users/kept-time-zone';

export const inputSchema = z.object({
  target: z.enum(overdueTargets),
  /** Move only these (one by one from the Today view); every overdue task when absent. */
  taskIds: z.array(z.string()).optional(),
});
export type MoveOverdueTasksInput = z.infer<typeof inputSchema>;

export const resultSchema = z.object({
  moved: z.number().int(),
  doDate: z.string(),
  position: z.number().int().nullable(),
});
export type MoveOverdueTasksResult = z.infer<typeof resultSchema>;

/**
 * Moves overdue tasks (one, some or all) to today, tomorrow or next week: a ScheduleTask per task, every
 * goal touched in one atomic append. The read model only says which goals hold overdue tasks (in the zone
 * read first); what is overdue, and the day they move to, is decided again on each goal's own state in the
 * user's zone as the command's kept read (keptTimeZone: the append checks the user's stream), so a task done
 * meanwhile is simply not moved, and a zone changed meanwhile is the zone they move in.
 */
export const run = async (
  services: Services,
  context: CommandContext,
  { target, taskIds }: MoveOverdueTasksInput,
): Promise<MoveOverdueTasksResult> => {
  const timeZone = await getUserTimeZone(services.pool, context.userId);
  const today = localDateOf(context.now ?? services.clock(), timeZone);
  const doDate = moveDate(target, today);
  const wanted = taskIds === undefined ? undefined : new Set(taskIds);
  const candidates = (await listPlannedTasks(services.pool, context.userId, today)).filter(
    (task) =>
      (wanted === undefined || wanted.has(task.id)) &&
      isOverdue(
        { goalId: task.goal_id, taskId: task.id, doDate: task.do_date, status: task.status, deletedAt: null },
        today,
      ),
  );
  const goalIds = [...new Set(candidates.map((task) => task.goal_id))];
  // Nothing overdue still goes through the command handler (with no streams): it claims the request's
  // Idempotency-Key, so a retry, or a duplicate that read the planner after the first had moved everything,
  // gets the first answer instead of a new "moved 0" (issue 11, defect 5).
  const streams: Record<string, StreamTarget<GoalState, GoalStreamEvent>> = Object.fromEntries(
    goalIds.map((goalId) => [goalId, { streamId: streamIds.goal(goalId), decider: goalStreamDecider }]),
  );
  // The day the decision moved them to (in the zone it decided in); the last try's is the one appended.
  let decidedDoDate = doDate;
  const { result } = await services.commands.execute({
    streams,
    keptReads: keptTimeZone(context.userId),
    decide: (states, metadata, decidedZone) => {
      const decidedToday = localDateOf(metadata.now, decidedZone);
      decidedDoDate = moveDate(target, decidedToday);
      return Object.fromEntries(
        goalIds.map((goalId) => {
          const state = states[goalId] ?? null;
          const tasks = (state?.tasks.items ?? []).map((task) => ({ goalId, ...task }));
          const moves = overdueMoves(tasks, decidedToday, target, metadata, {
            timeZone: decidedZone,
            ...(taskIds !== undefined && { taskIds }),
          });
          return [
            goalId,
            decideInTurn(
              goalStreamDecider,
              moves.map((move) => move.command),
              state,
            ).events,
          ];
        }),
      );
    },
    context,
    result: (outcome) => ({
      moved: Object.values(outcome.streams).reduce(
        (sum, stream) => sum + stream.events.filter((event) => event.type === 'TaskScheduled').length,
        0,
      ),
      doDate: decidedDoDate,
      position: outcome.position,
    }),
  });
  return result;
};
