import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  dailyMetricsFromActivity,
  SESSION_INACTIVITY_MS,
  sessionMinutes,
  sessionSpansFromEvents,
  userMetricsFromActivity,
  userScoreFrom,
  type ActivityEvent,
} from './activity';

const at = (iso: string) => Date.parse(iso);
const event = (type: string, time: string, fields: Partial<ActivityEvent> = {}): ActivityEvent => ({
  type,
  at: at(time),
  goalId: 'g1',
  taskIds: [],
  units: 0,
  ...fields,
});

describe('daily metrics from a day of activity', () => {
  it('counts distinct goals and tasks, AI generations and session minutes, and scores the day', () => {
    const events = [
      event('GoalCreated', '2024-03-01T09:00:00Z'),
      event('TasksBatchGenerated', '2024-03-01T09:01:00Z', { taskIds: ['t1', 't2', 't3'] }),
      event('AiGenerationCounted', '2024-03-01T09:01:00Z', { goalId: 'g1', units: 1 }),
      event('TaskAdded', '2024-03-01T09:02:00Z', { taskIds: ['t4'] }),
      event('TaskCompleted', '2024-03-01T10:00:00Z', { taskIds: ['t1'] }),
      event('TaskReopened', '2024-03-01T10:01:00Z', { taskIds: ['t1'] }),
      event('TaskCompleted', '2024-03-01T10:02:00Z', { taskIds: ['t1'] }),
      event('TaskCompleted', '2024-03-01T10:03:00Z', { taskIds: ['t2'] }),
      event('GoalCompleted', '2024-03-01T11:00:00Z'),
    ];
    const sessions = [
      {
        sessionId: 's1',
        firstAt: at('2024-03-01T09:00:00Z'),
        lastAt: at('2024-03-01T09:06:00Z'),
        reportedSeconds: null,
      },
    ];
    expect(dailyMetricsFromActivity({ userId: 'u1', date: '2024-03-01', events, sessions })).toEqual({
      date: '2024-03-01',
      userId: 'u1',
      goalsCreated: 1,
      goalsCompleted: 1,
      tasksCreated: 4,
      // t1 completed twice the same day counts once.
      tasksCompleted: 2,
      aiGenerationsUsed: 1,
      sessionDuration: 6,
      // 2 tasks (20) + 1 goal (25) + 6 of 30 minutes (5) = 50
      productivityScore: 50,
    });
  });

  it('counts an occurrence of a recurring task as a task created, and its completion as a task completed', () => {
    const events = [
      event('TaskCompleted', '2024-03-01T08:00:00Z', { taskIds: ['walk'] }),
      event('TaskOccurrenceCreated', '2024-03-01T08:00:00Z', { taskIds: ['walk@2024-03-02'] }),
      event('TaskCompleted', '2024-03-01T20:00:00Z', { taskIds: ['walk@2024-03-02'] }),
    ];
    expect(dailyMetricsFromActivity({ userId: 'u1', date: '2024-03-01', events, sessions: [] })).toMatchObject({
      tasksCreated: 1,
      tasksCompleted: 2,
    });
  });

  it('is the same for events in any order', () => {
    const events = [
      event('TaskCompleted', '2024-03-01T10:00:00Z', { taskIds: ['t1'] }),
      event('GoalCreated', '2024-03-01T09:00:00Z'),
      event('TaskAdded', '2024-03-01T09:30:00Z', { taskIds: ['t1'] }),
    ];
    const forward = dailyMetricsFromActivity({ userId: 'u', date: '2024-03-01', events, sessions: [] });
    expect(
      dailyMetricsFromActivity({ userId: 'u', date: '2024-03-01', events: [...events].reverse(), sessions: [] }),
    ).toEqual(forward);
  });
});

describe('session minutes', () => {
  it('takes the larger of the span and the reported duration per session, summed', () => {
    expect(
      sessionMinutes([
        { sessionId: 'a', firstAt: 0, lastAt: 120_000, reportedSeconds: 600 },
        { sessionId: 'b', firstAt: 0, lastAt: 300_000, reportedSeconds: null },
      ]),
    ).toBe(15);
  });

  it('caps a session at one day', () => {
    expect(sessionMinutes([{ sessionId: 'a', firstAt: 0, lastAt: 0, reportedSeconds: 10 ** 9 }])).toBe(1440);
  });
});

describe('sessions counted server-side from their events (issue 13, item 12)', () => {
  const MIN = 60_000;

  it('given a session the browser never closed, when counted, then from its first to its last event', () => {
    const spans = sessionSpansFromEvents('s', [0, 4 * MIN, 2 * MIN, 11 * MIN], null);
    expect(spans).toEqual([{ sessionId: 's', firstAt: 0, lastAt: 11 * MIN, reportedSeconds: null }]);
    expect(sessionMinutes(spans)).toBe(11);
  });

  it('given a gap longer than the inactivity cut-off, when counted, then the time away is not counted', () => {
    const spans = sessionSpansFromEvents('s', [0, 5 * MIN, 5 * MIN + SESSION_INACTIVITY_MS + 1, 50 * MIN], 120);
    expect(spans.map((span) => [span.firstAt, span.lastAt, span.reportedSeconds])).toEqual([
      [0, 5 * MIN, null],
      [5 * MIN + SESSION_INACTIVITY_MS + 1, 50 * MIN, 120],
    ]);
    expect(sessionMinutes(spans)).toBe(20);
  });

  it('given a gap of exactly the cut-off, when counted, then one session', () => {
    expect(sessionSpansFromEvents('s', [0, SESSION_INACTIVITY_MS], null)).toHaveLength(1);
  });

  it('given no events, when counted, then no session', () => {
    expect(sessionSpansFromEvents('s', [], 30)).toEqual([]);
  });

  it('given any event times in any order with duplicates, when counted, then the minutes are the same, never more than the whole span, and every gap inside a span is within the cut-off', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 6 * 3_600_000 }), { maxLength: 60 }), (times) => {
        const spans = sessionSpansFromEvents('s', times, null);
        const shuffled = sessionSpansFromEvents('s', [...times, ...times].reverse(), null);
        expect(shuffled).toEqual(spans);
        const whole = times.length === 0 ? 0 : Math.max(...times) - Math.min(...times);
        expect(sessionMinutes(spans) * MIN).toBeLessThanOrEqual(whole + 600);
        for (let i = 1; i < spans.length; i += 1) {
          expect(spans[i]!.firstAt - spans[i - 1]!.lastAt).toBeGreaterThan(SESSION_INACTIVITY_MS);
        }
        const sorted = [...times].sort((a, b) => a - b);
        for (let i = 1; i < sorted.length; i += 1) {
          const gap = sorted[i]! - sorted[i - 1]!;
          const sameSpan = spans.some((span) => span.firstAt <= sorted[i - 1]! && sorted[i]! <= span.lastAt);
          expect(sameSpan).toBe(gap <= SESSION_INACTIVITY_MS);
        }
      }),
    );
  });
});

describe('user metrics from all activity', () => {
  const events = [
    event('GoalCreated', '2024-03-01T09:00:00Z', { goalId: 'g1' }),
    event('GoalCreated', '2024-03-01T09:00:00Z', { goalId: 'g2' }),
    event('GoalCreated', '2024-03-01T09:00:00Z', { goalId: 'g3' }),
    event('GoalCreated', '2024-03-01T09:00:00Z', { goalId: 'g4' }),
    event('TasksBatchGenerated', '2024-03-01T09:01:00Z', { goalId: 'g1', taskIds: ['t1', 't2', 't3', 't4'] }),
    event('TaskAdded', '2024-03-01T09:02:00Z', { goalId: 'g4', taskIds: ['t9'] }),
    event('TaskCompleted', '2024-03-01T14:10:00Z', { goalId: 'g1', taskIds: ['t1'] }),
    event('TaskCompleted', '2024-03-02T14:50:00Z', { goalId: 'g1', taskIds: ['t2'] }),
    event('TaskCompleted', '2024-03-02T08:00:00Z', { goalId: 'g1', taskIds: ['t3'] }),
    event('TaskReopened', '2024-03-02T15:00:00Z', { goalId: 'g1', taskIds: ['t3'] }),
    event('TaskDeleted', '2024-03-02T15:00:00Z', { goalId: 'g1', taskIds: ['t4'] }),
    event('GoalCompleted', '2024-03-02T16:00:00Z', { goalId: 'g1' }),
    event('GoalAbandoned', '2024-03-02T16:00:00Z', { goalId: 'g2' }),
    event('GoalDeleted', '2024-03-02T16:00:00Z', { goalId: 'g4' }),
    event('AiGenerationCounted', '2024-03-01T09:01:00Z', { units: 1 }),
    event('AiGenerationCounted', '2024-03-02T09:01:00Z', { units: 1 }),
  ];

  it('follows each goal and task to its latest state and leaves deleted ones out', () => {
    expect(
      userMetricsFromActivity({
        events,
        activeDates: ['2024-03-01', '2024-03-02', '2024-03-04'],
        today: '2024-03-03',
        timeZone: 'UTC',
      }),
    ).toEqual({
      // t1, t2 done of t1..t3 (t4 deleted; t9 belongs to the deleted goal g4)
      taskCompletionRate: 2 / 3,
      // 03-02 and 03-01 (03-04 is after today)
      dailyActiveStreak: 2,
      // g1 completed of g1..g3 (g4 deleted)
      goalCompletionRate: 1 / 3,
      aiGenerationsUsed: 2,
      lastActiveDate: '2024-03-02',
      // completions at 14:10, 14:50 and 08:00 UTC
      mostProductiveHour: 14,
      abandonedGoals: 1,
      completedGoals: 1,
    });
  });

  it('scores engagement and gives insights from the metrics', () => {
    const score = userScoreFrom(
      userMetricsFromActivity({
        events,
        activeDates: ['2024-03-01', '2024-03-02'],
        today: '2024-03-03',
        timeZone: 'UTC',
      }),
      '2024-03-03',
    );
    // completion 2/3 x 30 = 20, streak 2/30 x 20 = 1.33, goals 1/3 x 25 = 8.33, AI 2/10 x 15 = 3,
    // recency (1 day) 29/30 x 10 = 9.67
    expect(score.engagement.score).toBe(42.3);
    expect(score.insights).toEqual([]);
  });

  it("counts the most productive hour in the user's time zone", () => {
    // 14:10 and 14:50 UTC are 06:10 and 06:50 in Los Angeles (PST, UTC-8); 08:00 UTC is 00:00 there.
    expect(
      userMetricsFromActivity({ events, activeDates: [], today: '2024-03-03', timeZone: 'America/Los_Angeles' })
        .mostProductiveHour,
    ).toBe(6);
    expect(
      userMetricsFromActivity({ events, activeDates: [], today: '2024-03-03', timeZone: 'Asia/Tokyo' })
        .mostProductiveHour,
    ).toBe(23); // 23:10 and 23:50 in Tokyo (UTC+9)
  });

  it('gives nothing for a user without activity', () => {
    expect(
      userMetricsFromActivity({ events: [], activeDates: [], today: '2024-03-03', timeZone: 'UTC' }),
    ).toMatchObject({
      taskCompletionRate: 0,
      dailyActiveStreak: 0,
      lastActiveDate: null,
      mostProductiveHour: null,
    });
  });
});
