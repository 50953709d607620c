import { goalStreamDecider } from '@stride/domain/goals/goal-decider';
import { DomainError } from '@stride/domain/shared/domain-error';
import { streamIds } from '@stride/domain/stream-ids';
import type { Logger } from '@stride/platform/logger';
import type { Pool } from '@stride/platform/postgres/pool';
import { listRunningSeries } from '@stride/projections/planner/queries/list-running-series';
import { JOBS, NEXT_OCCURRENCES_EVERY_MS, QUEUES } from '../analytics/queues';
import type { ScheduledJob } from '../billing/expired-subscriptions-job';
import type { CommandHandler } from '../commands/command-handler';
import { getUserTimeZone } from '@stride/projections/users/queries/get-user-time-zone';

export interface RecurrenceJobDeps {
  readonly pool: Pool;
  readonly commands: Pick<CommandHandler, 'execute'>;
  readonly clock: () => Date;
  readonly logger: Logger;
}

export interface RecurrenceRun {
  /** Series looked at. */
  readonly series: number;
  /** Occurrences created by this run. */
  readonly created: number;
  /** Series that failed (logged; the next run tries again). */
  readonly failed: number;
}

/**
 * One run of the recurrence job: every running series gets a CreateNextOccurrence in its owner's zone,
 * as its owner. The decider creates the next occurrence when the latest is done or the next day has come,
 * under an id derived from the series and the date, so a second run (or two racing runs) creates nothing
 * more. One failing series does not stop the others.
 */
export async function createNextOccurrences({
  pool,
  commands,
  clock,
  logger,
}: RecurrenceJobDeps): Promise<RecurrenceRun> {
  const running = await listRunningSeries(pool);
  const now = clock();
  let created = 0;
  let failed = 0;
  for (const { goalId, seriesId, userId } of running) {
    const timeZone = await getUserTimeZone(pool, userId);
    try {
      const { result } = await commands.execute({
        streams: { goal: { streamId: streamIds.goal(goalId), decider: goalStreamDecider } },
        decide: (states, metadata) => ({
          goal: goalStreamDecider.decide(
            { type: 'CreateNextOccurrence', data: { seriesId, timeZone }, metadata },
            states.goal,
          ),
        }),
        context: { userId, correlationId: `recurrence:${now.toISOString()}`, causationId: null, now },
        result: (outcome) => outcome.streams.goal.events.length,
      });
      created += result;
    } catch (error) {
      failed += 1;
      const level = error instanceof DomainError ? 'warn' : 'error';
      logger[level]({ err: error, goalId, seriesId }, 'could not create the next occurrence');
    }
  }
  return { series: running.length, created, failed };
}

/** The recurrence job on the workers' planner queue, every 15 minutes. */
export function recurrenceJob(deps: RecurrenceJobDeps): ScheduledJob {
  return {
    queue: QUEUES.planner,
    name: JOBS.createNextOccurrences,
    repeat: { every: NEXT_OCCURRENCES_EVERY_MS },
    processor: async () => {
      const run = await createNextOccurrences(deps);
      deps.logger.info(run, 'recurrence job ran');
    },
  };
}
