import { describe, expect, it } from 'vitest';
import { goalStreamDecider } from '../goals/goal-decider';
import { decideInTurn } from '../shared/decide-in-turn';
import type { CommandMetadata } from '../shared/event';
import { nextOccurrenceOnCompletion } from './occurrence-on-completion';

const metadata: CommandMetadata = { now: new Date('2026-11-25T10:00:00.000Z'), userId: 'user_1' };

const goalWithDailyTask = () =>
  decideInTurn(
    goalStreamDecider,
    [
      { type: 'CreateGoal', data: { goalId: 'g1', title: 'Health' }, metadata },
      {
        type: 'GenerateTasksBatch',
        data: {
          batchId: 'b1',
          source: 'manual',
          tasks: [
            { taskId: 'walk', title: 'Walk', estimatedMinutes: 20, energyLevel: 'low' },
            { taskId: 'once', title: 'Once', estimatedMinutes: 20, energyLevel: 'low' },
          ],
        },
        metadata,
      },
      { type: 'SetTaskRecurrence', data: { taskId: 'walk', rule: { kind: 'daily' }, timeZone: 'UTC' }, metadata },
    ],
    goalStreamDecider.initialState(),
  ).state;

describe('nextOccurrenceOnCompletion', () => {
  it('given a daily series, when its occurrence is completed, then the next day is created in the same decision', () => {
    const state = goalWithDailyTask();
    const { events } = decideInTurn(
      goalStreamDecider,
      [
        { type: 'CompleteTask', data: { taskId: 'walk' }, metadata },
        ...nextOccurrenceOnCompletion(state, 'walk', 'UTC', metadata),
      ],
      state,
    );
    expect(events.map((event) => event.type)).toEqual(['TaskCompleted', 'TaskOccurrenceCreated']);
    expect(events[1]?.data).toMatchObject({ taskId: 'walk@2026-11-26', occurrenceDate: '2026-11-26' });
    const after = events.reduce(goalStreamDecider.evolve, state);
    expect(nextOccurrenceOnCompletion(after, 'walk@2026-11-26', 'UTC', metadata)).toHaveLength(1);
  });

  it('asks for nothing for a one-off task, an unknown task or an ended series', () => {
    const state = goalWithDailyTask();
    expect(nextOccurrenceOnCompletion(state, 'once', 'UTC', metadata)).toEqual([]);
    expect(nextOccurrenceOnCompletion(state, 'nope', 'UTC', metadata)).toEqual([]);
    const ended = decideInTurn(
      goalStreamDecider,
      [{ type: 'SetTaskRecurrence', data: { taskId: 'walk', rule: null }, metadata }],
      state,
    ).state;
    expect(nextOccurrenceOnCompletion(ended, 'walk', 'UTC', metadata)).toEqual([]);
  });
});
