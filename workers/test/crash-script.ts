import type { DailyMetrics } from '@stride/domain/analytics/daily-metrics';
import type { PostgresEventStore } from '@stride/platform/event-store/event-store';
import { UserActivity } from './activity-fixtures';

/**
 * A deterministic workload for the fault tests: each user registers, creates a goal and works through ten
 * tasks over two days. Its expected daily metrics are counted here by hand, independently of the pipeline.
 */
export interface Workload {
  readonly users: readonly string[];
  readonly days: readonly [string, string];
  /** Events each user appends. */
  readonly eventsPerUser: number;
  readonly expected: ReadonlyMap<
    string,
    Pick<DailyMetrics, 'goalsCreated' | 'tasksCreated' | 'tasksCompleted' | 'productivityScore'>
  >;
}

export function workload(userCount: number, days: readonly [string, string], prefix = 'u'): Workload {
  const users = Array.from({ length: userCount }, (_, i) => `${prefix}${i}`);
  const expected = new Map<
    string,
    Pick<DailyMetrics, 'goalsCreated' | 'tasksCreated' | 'tasksCompleted' | 'productivityScore'>
  >();
  for (const user of users) {
    // Day 1: goal, 6 tasks added, 5 completed (5 x 10 = 50). Day 2: 4 tasks added, 3 completed (30).
    expected.set(`${user} ${days[0]}`, { goalsCreated: 1, tasksCreated: 6, tasksCompleted: 5, productivityScore: 50 });
    expected.set(`${user} ${days[1]}`, { goalsCreated: 0, tasksCreated: 4, tasksCompleted: 3, productivityScore: 30 });
  }
  return { users, days, eventsPerUser: 21, expected };
}

/** Appends one user's part of the workload (21 events), calling `onEvent` after each append. */
export async function runUser(
  store: PostgresEventStore,
  load: Workload,
  userId: string,
  onEvent: () => void,
): Promise<void> {
  const [d1, d2] = load.days;
  const user = new UserActivity(store, userId);
  const goal = `g-${userId}`;
  const step = async (action: Promise<unknown>) => {
    await action;
    onEvent();
  };
  await step(user.register(`${d1}T08:00:00.000Z`));
  await step(user.createGoal(goal, `${d1}T08:30:00.000Z`)); // GoalCreated + GoalCounted
  onEvent();
  for (let i = 0; i < 10; i += 1) {
    const day = i < 6 ? d1 : d2;
    await step(user.addTask(goal, `t${i}`, `${day}T09:${String(i).padStart(2, '0')}:00.000Z`));
  }
  for (const i of [0, 1, 2, 3, 4, 6, 7, 8]) {
    const day = i < 6 ? d1 : d2;
    await step(user.completeTask(goal, `t${i}`, `${day}T10:${String(i).padStart(2, '0')}:00.000Z`));
  }
}

/** Runs every user of the workload, `lanes` users at a time. */
export async function runWorkload(
  store: PostgresEventStore,
  load: Workload,
  onEvent: () => void,
  lanes = 4,
): Promise<void> {
  const queue = [...load.users];
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let user = queue.shift(); user !== undefined; user = queue.shift())
        await runUser(store, load, user, onEvent);
    }),
  );
}
