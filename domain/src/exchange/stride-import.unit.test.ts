import { describe, expect, it } from 'vitest';
import { goalStreamDecider } from '../goals/goal-decider';
import { foldEvents } from '../shared/decider';
import { at, stream } from './fixtures/goal-stream';
import { goalExportOf, strideExportSchema, type RecordedGoalEvent } from './stride-export';
import { decideGoalImport, goalEventsFromExport } from './stride-import';

const target = { userId: 'user_9', goalId: 'goal_9' };
const exported = (events: readonly RecordedGoalEvent[]) => {
  const goal = goalExportOf(events);
  if (goal === null) throw new Error('no goal in the stream');
  return goal;
};

describe('goalEventsFromExport', () => {
  it('export, import, export again gives the same goal (under its new id)', () => {
    const original = exported(stream);
    const again = exported(goalEventsFromExport(original, target));
    expect(again).toEqual({ ...original, goalId: 'goal_9' });
  });

  it('the rebuilt stream folds to the same state, owned by the new user', () => {
    const original = foldEvents(
      goalStreamDecider,
      stream.map(({ event }) => event),
    );
    const rebuilt = foldEvents(
      goalStreamDecider,
      goalEventsFromExport(exported(stream), target).map(({ event }) => event),
    );
    expect(rebuilt).toEqual({ ...original, goalId: 'goal_9', userId: 'user_9' });
  });

  it('keeps deletions, ended series, rescheduled occurrences and completed goals', () => {
    const more: RecordedGoalEvent[] = [
      ...stream,
      { event: { type: 'TaskScheduled', data: { taskId: 't2@2026-11-21', doDate: '2026-11-23' } }, recordedAt: at(20) },
      {
        event: { type: 'TaskRecurrenceCleared', data: { taskId: 't2@2026-11-21', seriesId: 't2' } },
        recordedAt: at(21),
      },
      { event: { type: 'TaskDeleted', data: { taskId: 't1', deletedAt: at(22) } }, recordedAt: at(22) },
      { event: { type: 'GoalCompleted', data: { completedAt: at(23) } }, recordedAt: at(23) },
      { event: { type: 'GoalDeleted', data: { deletedAt: at(24) } }, recordedAt: at(24) },
    ];
    const original = exported(more);
    expect(original).toMatchObject({ status: 'completed', deletedAt: at(24), series: [{ ended: true }] });
    expect(exported(goalEventsFromExport(original, target))).toEqual({ ...original, goalId: 'goal_9' });
  });

  it('a whole export parsed from JSON imports the same way', () => {
    const document = strideExportSchema.parse(
      JSON.parse(
        JSON.stringify({
          format: 'stride.export',
          version: 1,
          exportedAt: at(40),
          user: { userId: 'user_1', email: 'anna@example.com', name: 'Anna' },
          preferences: {},
          goals: [exported(stream)],
          collections: [],
        }),
      ),
    );
    const [goal] = document.goals;
    expect(goal && exported(goalEventsFromExport(goal, target))).toEqual({ ...exported(stream), goalId: 'goal_9' });
  });

  it('gives events oldest first', () => {
    const instants = goalEventsFromExport(exported(stream), target).map(({ recordedAt }) => recordedAt);
    expect(instants).toEqual([...instants].sort());
  });
});

describe('decideGoalImport', () => {
  it('given no stream, when a goal is imported, then its events rebuild it for the new owner', () => {
    const events = decideGoalImport(null, exported(stream), target);
    expect(events).toEqual(goalEventsFromExport(exported(stream), target).map(({ event }) => event));
    expect(events[0]).toMatchObject({ type: 'GoalCreated', data: { goalId: 'goal_9', userId: 'user_9' } });
  });

  it('given an existing goal stream, when a goal is imported into it, then illegal_state', () => {
    const state = foldEvents(
      goalStreamDecider,
      stream.map(({ event }) => event),
    );
    expect(() => decideGoalImport(state, exported(stream), target)).toThrow(
      expect.objectContaining({ code: 'illegal_state', details: { field: 'goalId' } }),
    );
  });
});
