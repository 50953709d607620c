import { emptyDailyMetrics, withProductivityScore, type DailyMetrics } from './daily-metrics';
import { engagementScore, type EngagementScore } from './engagement-score';
import { insightsFor, type Insight } from './insights';
import { localHourOf } from './local-time';
import { dailyActiveStreak, daysBetween, mostProductiveHour, rate, type UserMetrics } from './user-metrics';

/**
 * How the analytics pipeline turns a user's goal, task and usage events into the spec's daily metrics and
 * user metrics. The analytics store hands these functions each event once (deduplicated by event id), in
 * any order: every rule below is a function of the set of events, so re-delivered or reordered events
 * never change a figure.
 */

/** The event types the metrics read. */
export const ACTIVITY_EVENT_TYPES = [
  'GoalCreated',
  'GoalCompleted',
  'GoalAbandoned',
  'GoalReactivated',
  'GoalDeleted',
  'TaskAdded',
  'TasksBatchGenerated',
  // The next occurrence of a recurring task is a new task: created, then completed like any other.
  'TaskOccurrenceCreated',
  'TaskCompleted',
  'TaskReopened',
  'TaskDeleted',
  'AiGenerationCounted',
] as const;
export type ActivityEventType = (typeof ACTIVITY_EVENT_TYPES)[number];

export interface ActivityEvent {
  readonly type: string;
  /** Epoch milliseconds (the time the event was recorded). */
  readonly at: number;
  readonly goalId: string | null;
  /** The tasks an event is about: one for task events, every task of a batch. */
  readonly taskIds: readonly string[];
  /** AI generations an AiGenerationCounted event counts (1). */
  readonly units: number;
}

/** One browser session's tracked events on one day. */
export interface SessionSpan {
  readonly sessionId: string;
  readonly firstAt: number;
  readonly lastAt: number;
  /** `duration_seconds` the browser reported with session_ended, if it did. */
  readonly reportedSeconds: number | null;
}

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

/**
 * A session ends after this long without an event (the browser's own session id lives as long, spec section
 * 9): a gap longer than this inside one session id is time away, not time in Stride.
 */
export const SESSION_INACTIVITY_MS = 30 * MS_PER_MINUTE;

/**
 * A browser session's spans counted server-side from the times of all its events (page views, product
 * events, session start and end), so a session the browser never closed (tab killed, phone locked) still
 * counts from its first to its last event: the times are split wherever two neighbours lie more than
 * SESSION_INACTIVITY_MS apart. The duration the browser reported, if any, goes with the last span. Any order,
 * duplicates allowed; no times, no spans.
 */
export function sessionSpansFromEvents(
  sessionId: string,
  times: readonly number[],
  reportedSeconds: number | null,
): SessionSpan[] {
  const sorted = times.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  const spans: { firstAt: number; lastAt: number }[] = [];
  for (const at of sorted) {
    const current = spans.at(-1);
    if (current && at - current.lastAt <= SESSION_INACTIVITY_MS) current.lastAt = at;
    else spans.push({ firstAt: at, lastAt: at });
  }
  return spans.map((span, index) => ({
    sessionId,
    ...span,
    reportedSeconds: index === spans.length - 1 ? reportedSeconds : null,
  }));
}

/**
 * Minutes of session time: per session the larger of the span between its first and last event and the
 * duration the browser reported, capped at one day; two decimals.
 */
export function sessionMinutes(sessions: readonly SessionSpan[]): number {
  let totalMs = 0;
  for (const session of sessions) {
    const spanMs = Math.max(0, session.lastAt - session.firstAt);
    const reportedMs =
      session.reportedSeconds !== null && session.reportedSeconds > 0 ? session.reportedSeconds * 1000 : 0;
    totalMs += Math.min(MS_PER_DAY, Math.max(spanMs, reportedMs));
  }
  return Math.round((totalMs / MS_PER_MINUTE) * 100) / 100;
}

const distinct = (values: Iterable<string | null>): number => {
  const set = new Set<string>();
  for (const value of values) if (value !== null && value !== '') set.add(value);
  return set.size;
};

const goalIdsOf = (events: readonly ActivityEvent[], type: ActivityEventType) =>
  events.filter((event) => event.type === type).map((event) => event.goalId);

const taskIdsOf = (events: readonly ActivityEvent[], types: readonly ActivityEventType[]) =>
  events.filter((event) => (types as readonly string[]).includes(event.type)).flatMap((event) => event.taskIds);

/**
 * One user's metrics for one day from that day's events and sessions:
 * - goalsCreated / goalsCompleted: distinct goals created / completed that day (completing, reopening and
 *   completing a goal again the same day counts once);
 * - tasksCreated: distinct tasks added by hand or generated in a batch; tasksCompleted: distinct tasks
 *   completed that day;
 * - aiGenerationsUsed: AI generations counted that day (the usage counter's events);
 * - sessionDuration: minutes, see `sessionMinutes`; productivityScore: `productivityScore`.
 */
export function dailyMetricsFromActivity(input: {
  readonly userId: string;
  readonly date: string;
  readonly events: readonly ActivityEvent[];
  readonly sessions: readonly SessionSpan[];
}): DailyMetrics {
  const { events } = input;
  return withProductivityScore({
    ...emptyDailyMetrics(input.userId, input.date),
    goalsCreated: distinct(goalIdsOf(events, 'GoalCreated')),
    goalsCompleted: distinct(goalIdsOf(events, 'GoalCompleted')),
    tasksCreated: distinct(taskIdsOf(events, ['TaskAdded', 'TasksBatchGenerated', 'TaskOccurrenceCreated'])),
    tasksCompleted: distinct(taskIdsOf(events, ['TaskCompleted'])),
    aiGenerationsUsed: events
      .filter((event) => event.type === 'AiGenerationCounted')
      .reduce((sum, event) => sum + Math.max(0, event.units), 0),
    sessionDuration: sessionMinutes(input.sessions),
  });
}

type GoalFate = 'active' | 'completed' | 'abandoned' | 'deleted';
type TaskFate = 'open' | 'done' | 'deleted';

const GOAL_FATE: Partial<Record<string, GoalFate>> = {
  GoalCreated: 'active',
  GoalCompleted: 'completed',
  GoalAbandoned: 'abandoned',
  GoalReactivated: 'active',
  GoalDeleted: 'deleted',
};
const TASK_FATE: Partial<Record<string, TaskFate>> = {
  TaskAdded: 'open',
  TasksBatchGenerated: 'open',
  TaskOccurrenceCreated: 'open',
  TaskCompleted: 'done',
  TaskReopened: 'open',
  TaskDeleted: 'deleted',
};

/** Events in the order they happened; same-instant ties by a fixed type order (creation before the rest). */
const chronological = (events: readonly ActivityEvent[]): ActivityEvent[] => {
  const rank = (type: string) => {
    const index = (ACTIVITY_EVENT_TYPES as readonly string[]).indexOf(type);
    return index < 0 ? ACTIVITY_EVENT_TYPES.length : index;
  };
  return [...events].sort((a, b) => a.at - b.at || rank(a.type) - rank(b.type));
};

/**
 * A user's metrics (spec section 3) from all their activity events and the days they were active, counted
 * to `today` (YYYY-MM-DD in the user's time zone; `activeDates` are the user's local days too):
 * - each goal's and task's fate is its latest lifecycle event; deleted goals, deleted tasks and the tasks of
 *   deleted goals are left out;
 * - taskCompletionRate = done tasks / tasks; goalCompletionRate = completed goals / goals;
 * - aiGenerationsUsed: every AI generation counted so far;
 * - mostProductiveHour: the hour of the user's day with the most task completions (ties: the earlier hour);
 * - lastActiveDate and dailyActiveStreak from the active days not after today.
 */
export function userMetricsFromActivity(input: {
  readonly events: readonly ActivityEvent[];
  readonly activeDates: readonly string[];
  readonly today: string;
  /** The user's IANA time zone (the hours of the day are theirs). */
  readonly timeZone: string;
}): UserMetrics {
  const goals = new Map<string, GoalFate>();
  const tasks = new Map<string, { fate: TaskFate; goalId: string | null }>();
  const completionHours: number[] = [];
  let aiGenerationsUsed = 0;

  for (const event of chronological(input.events)) {
    const goalFate = GOAL_FATE[event.type];
    if (goalFate && event.goalId) goals.set(event.goalId, goalFate);
    const taskFate = TASK_FATE[event.type];
    if (taskFate) {
      for (const taskId of event.taskIds) tasks.set(taskId, { fate: taskFate, goalId: event.goalId });
      if (event.type === 'TaskCompleted') completionHours.push(localHourOf(event.at, input.timeZone));
    }
    if (event.type === 'AiGenerationCounted') aiGenerationsUsed += Math.max(0, event.units);
  }

  const liveGoals = [...goals.values()].filter((fate) => fate !== 'deleted');
  const liveTasks = [...tasks.values()]
    .filter((task) => task.fate !== 'deleted' && !(task.goalId !== null && goals.get(task.goalId) === 'deleted'))
    .map((task) => task.fate);
  const completedGoals = liveGoals.filter((fate) => fate === 'completed').length;
  const pastDays = input.activeDates.filter((date) => (daysBetween(date, input.today) ?? -1) >= 0).sort();

  return {
    taskCompletionRate: rate(liveTasks.filter((fate) => fate === 'done').length, liveTasks.length),
    dailyActiveStreak: dailyActiveStreak(pastDays, input.today),
    goalCompletionRate: rate(completedGoals, liveGoals.length),
    aiGenerationsUsed,
    lastActiveDate: pastDays.at(-1) ?? null,
    mostProductiveHour: mostProductiveHour(completionHours),
    abandonedGoals: liveGoals.filter((fate) => fate === 'abandoned').length,
    completedGoals,
  };
}

export interface UserScore {
  readonly metrics: UserMetrics;
  readonly engagement: EngagementScore;
  readonly insights: Insight[];
}

/** The engagement score (goal progress = goal completion rate) and insights of a user's metrics. */
export function userScoreFrom(metrics: UserMetrics, today: string): UserScore {
  const daysSinceLastActive = metrics.lastActiveDate === null ? null : daysBetween(metrics.lastActiveDate, today);
  return {
    metrics,
    engagement: engagementScore({
      taskCompletionRate: metrics.taskCompletionRate,
      dailyActiveStreak: metrics.dailyActiveStreak,
      goalProgress: metrics.goalCompletionRate,
      aiGenerationsUsed: metrics.aiGenerationsUsed,
      daysSinceLastActive,
    }),
    insights: insightsFor(metrics),
  };
}
