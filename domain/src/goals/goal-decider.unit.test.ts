import { describe, it } from 'vitest';
import type { CommandMetadata } from '../shared/event';
import { deciderSpec } from '../testing/decider-spec';
import { goalDecider, type GoalCommand } from './goal-decider';
import type { GoalEvent } from './goal-events';

const spec = deciderSpec(goalDecider);

const NOW = '2025-03-10T10:00:00.000Z';
const byOwner: CommandMetadata = { now: new Date(NOW), userId: 'user_1' };
const byStranger: CommandMetadata = { ...byOwner, userId: 'user_2' };

const goalCreated: GoalEvent = {
  type: 'GoalCreated',
  data: {
    goalId: 'goal_1',
    userId: 'user_1',
    title: 'Run a marathon',
    description: '',
    category: 'personal',
    priority: 'medium',
    targetDate: null,
    createdAt: '2025-03-01T08:00:00.000Z',
  },
};
const goalCompleted: GoalEvent = { type: 'GoalCompleted', data: { completedAt: '2025-03-05T08:00:00.000Z' } };
const goalAbandoned: GoalEvent = { type: 'GoalAbandoned', data: { abandonedAt: '2025-03-05T08:00:00.000Z' } };
const goalDeleted: GoalEvent = { type: 'GoalDeleted', data: { deletedAt: '2025-03-06T08:00:00.000Z' } };

describe('Goal decider', () => {
  describe('CreateGoal', () => {
    it('given no goal, when CreateGoal with only a title, then GoalCreated with the defaults', () => {
      spec
        .given([])
        .when({ type: 'CreateGoal', data: { goalId: 'goal_1', title: 'Run a marathon' }, metadata: byOwner })
        .then([{ ...goalCreated, data: { ...goalCreated.data, createdAt: NOW } }]);
    });

    it('given no goal, when CreateGoal with every field, then GoalCreated with them', () => {
      spec
        .given([])
        .when({
          type: 'CreateGoal',
          data: {
            goalId: 'goal_1',
            title: '  Learn Spanish ',
            description: 'B1 by summer',
            category: 'learning',
            priority: 'high',
            targetDate: '2025-07-01',
          },
          metadata: byOwner,
        })
        .then([
          {
            type: 'GoalCreated',
            data: {
              goalId: 'goal_1',
              userId: 'user_1',
              title: 'Learn Spanish',
              description: 'B1 by summer',
              category: 'learning',
              priority: 'high',
              targetDate: '2025-07-01',
              createdAt: NOW,
            },
          },
        ]);
    });

    it('given no goal, when CreateGoal without a user id, then validation "User ID is required"', () => {
      spec
        .given([])
        .when({ type: 'CreateGoal', data: { goalId: 'goal_1', title: 'Run' }, metadata: { ...byOwner, userId: '' } })
        .thenThrows('validation', 'User ID is required', { field: 'userId' });
    });

    it('given no goal, when CreateGoal with an empty title, then validation on title', () => {
      spec
        .given([])
        .when({ type: 'CreateGoal', data: { goalId: 'goal_1', title: '   ' }, metadata: byOwner })
        .thenThrows('validation', undefined, { field: 'title' });
    });

    it('given no goal, when CreateGoal with a 201-character title, then validation on title', () => {
      spec
        .given([])
        .when({ type: 'CreateGoal', data: { goalId: 'goal_1', title: 'x'.repeat(201) }, metadata: byOwner })
        .thenThrows('validation', undefined, { field: 'title' });
    });

    it('given no goal, when CreateGoal with a malformed target date, then validation on targetDate', () => {
      spec
        .given([])
        .when({
          type: 'CreateGoal',
          data: { goalId: 'goal_1', title: 'Run', targetDate: '01/07/2025' },
          metadata: byOwner,
        })
        .thenThrows('validation', undefined, { field: 'targetDate' });
    });

    it.each(['2025-02-30', '2025-13-45', '0000-00-00'])(
      'given no goal, when CreateGoal with target date %s, then validation on targetDate',
      (targetDate) => {
        spec
          .given([])
          .when({ type: 'CreateGoal', data: { goalId: 'goal_1', title: 'Run', targetDate }, metadata: byOwner })
          .thenThrows('validation', 'Expected a calendar date as YYYY-MM-DD', { field: 'targetDate' });
      },
    );

    describe('a target date in the past is refused, in the user zone', () => {
      // 2025-03-10T03:00Z is the 9th in New York and the 10th in Berlin.
      const lateEvening: CommandMetadata = { ...byOwner, now: new Date('2025-03-10T03:00:00.000Z') };
      const create = (targetDate: string, timeZone?: string): GoalCommand => ({
        type: 'CreateGoal',
        data: { goalId: 'goal_1', title: 'Run', targetDate, ...(timeZone !== undefined && { timeZone }) },
        metadata: lateEvening,
      });
      const created = (targetDate: string): GoalEvent => ({
        ...goalCreated,
        data: { ...goalCreated.data, title: 'Run', targetDate, createdAt: lateEvening.now.toISOString() },
      });

      it('given no goal, when the target is yesterday in the user zone, then validation on targetDate', () => {
        spec
          .given([])
          .when(create('2025-03-09', 'Europe/Berlin'))
          .thenThrows('validation', 'Target date is in the past', { field: 'targetDate', today: '2025-03-10' });
      });

      it('given no goal, when the target is today in the user zone (yesterday in UTC terms elsewhere), then GoalCreated', () => {
        spec
          .given([])
          .when(create('2025-03-09', 'America/New_York'))
          .then([created('2025-03-09')]);
      });

      it('given no zone, when the target is today somewhere on Earth, then GoalCreated', () => {
        spec
          .given([])
          .when(create('2025-03-09'))
          .then([created('2025-03-09')]);
      });

      it('given no zone, when the target is past everywhere, then validation', () => {
        spec.given([]).when(create('2025-03-08')).thenThrows('validation', 'Target date is in the past');
      });

      it('given no goal, when the zone is unknown, then validation on timeZone', () => {
        spec
          .given([])
          .when(create('2025-04-01', 'Mars/Olympus'))
          .thenThrows('validation', 'Expected an IANA time zone', { field: 'timeZone' });
      });

      it('given a goal, when its target date is moved into the past later, then it is accepted', () => {
        spec
          .given([goalCreated])
          .when({ type: 'UpdateGoal', data: { changes: { targetDate: '2025-01-01' } }, metadata: byOwner })
          .then([{ type: 'GoalUpdated', data: { changes: { targetDate: '2025-01-01' } } }]);
      });
    });

    it('given a created goal, when CreateGoal again, then illegal_state', () => {
      spec
        .given([goalCreated])
        .when({ type: 'CreateGoal', data: { goalId: 'goal_1', title: 'Run' }, metadata: byOwner })
        .thenThrows('illegal_state', 'Goal already exists');
    });
  });

  describe('UpdateGoal', () => {
    it('given a created goal, when UpdateGoal, then GoalUpdated with only the changed fields', () => {
      spec
        .given([goalCreated])
        .when({
          type: 'UpdateGoal',
          data: { changes: { title: 'Run a marathon', priority: 'high', targetDate: '2025-10-01' } },
          metadata: byOwner,
        })
        .then([{ type: 'GoalUpdated', data: { changes: { priority: 'high', targetDate: '2025-10-01' } } }]);
    });

    it('given a created goal, when UpdateGoal changes nothing, then no events', () => {
      spec
        .given([goalCreated])
        .when({ type: 'UpdateGoal', data: { changes: { category: 'personal' } }, metadata: byOwner })
        .then([]);
    });
  });

  describe('status transitions', () => {
    it('given an active goal, when CompleteGoal, then GoalCompleted', () => {
      spec
        .given([goalCreated])
        .when({ type: 'CompleteGoal', data: {}, metadata: byOwner })
        .then([{ type: 'GoalCompleted', data: { completedAt: NOW } }]);
    });

    it('given a completed goal, when CompleteGoal, then illegal_state', () => {
      spec
        .given([goalCreated, goalCompleted])
        .when({ type: 'CompleteGoal', data: {}, metadata: byOwner })
        .thenThrows('illegal_state', 'Goal is already completed');
    });

    it('given an abandoned goal, when CompleteGoal, then illegal_state', () => {
      spec
        .given([goalCreated, goalAbandoned])
        .when({ type: 'CompleteGoal', data: {}, metadata: byOwner })
        .thenThrows('illegal_state', 'Goal is abandoned; reactivate it first');
    });

    it('given an active goal, when AbandonGoal with a reason, then GoalAbandoned', () => {
      spec
        .given([goalCreated])
        .when({ type: 'AbandonGoal', data: { reason: 'Injury' }, metadata: byOwner })
        .then([{ type: 'GoalAbandoned', data: { abandonedAt: NOW, reason: 'Injury' } }]);
    });

    it('given an abandoned goal, when AbandonGoal, then illegal_state', () => {
      spec
        .given([goalCreated, goalAbandoned])
        .when({ type: 'AbandonGoal', data: {}, metadata: byOwner })
        .thenThrows('illegal_state', 'Goal is already abandoned');
    });

    it('given a completed goal, when AbandonGoal, then illegal_state', () => {
      spec
        .given([goalCreated, goalCompleted])
        .when({ type: 'AbandonGoal', data: {}, metadata: byOwner })
        .thenThrows('illegal_state', 'Goal is completed; reactivate it first');
    });

    it.each([
      ['completed', goalCompleted],
      ['abandoned', goalAbandoned],
    ])('given a %s goal, when ReactivateGoal, then GoalReactivated', (_status, ended) => {
      spec
        .given([goalCreated, ended])
        .when({ type: 'ReactivateGoal', data: {}, metadata: byOwner })
        .then([{ type: 'GoalReactivated', data: {} }]);
    });

    it('given an active goal, when ReactivateGoal, then illegal_state', () => {
      spec
        .given([goalCreated])
        .when({ type: 'ReactivateGoal', data: {}, metadata: byOwner })
        .thenThrows('illegal_state', 'Goal is already active');
    });

    it('given a reactivated goal, when CompleteGoal, then GoalCompleted', () => {
      spec
        .given([goalCreated, goalCompleted, { type: 'GoalReactivated', data: {} }])
        .when({ type: 'CompleteGoal', data: {}, metadata: byOwner })
        .then([{ type: 'GoalCompleted', data: { completedAt: NOW } }]);
    });
  });

  describe('DeleteGoal', () => {
    it('given a created goal, when DeleteGoal, then GoalDeleted', () => {
      spec
        .given([goalCreated])
        .when({ type: 'DeleteGoal', data: {}, metadata: byOwner })
        .then([{ type: 'GoalDeleted', data: { deletedAt: NOW } }]);
    });

    it.each<GoalCommand>([
      { type: 'DeleteGoal', data: {}, metadata: byOwner },
      { type: 'CompleteGoal', data: {}, metadata: byOwner },
      { type: 'ReactivateGoal', data: {}, metadata: byOwner },
      { type: 'UpdateGoal', data: { changes: { title: 'Walk' } }, metadata: byOwner },
      { type: 'StartTask', data: { taskId: 'task_1' }, metadata: byOwner },
    ])('given a deleted goal, when $type, then not_found', (command) => {
      spec.given([goalCreated, goalDeleted]).when(command).thenThrows('not_found', 'Goal not found');
    });
  });

  describe('ownership', () => {
    it('given no goal, when CompleteGoal, then not_found', () => {
      spec
        .given([])
        .when({ type: 'CompleteGoal', data: {}, metadata: byOwner })
        .thenThrows('not_found', 'Goal not found');
    });

    it.each<GoalCommand>([
      { type: 'CompleteGoal', data: {}, metadata: byStranger },
      { type: 'DeleteGoal', data: {}, metadata: byStranger },
      { type: 'UpdateGoal', data: { changes: { title: 'Mine now' } }, metadata: byStranger },
      { type: 'CompleteTask', data: { taskId: 'task_1' }, metadata: byStranger },
    ])("given another user's goal, when $type, then not_found", (command) => {
      spec.given([goalCreated]).when(command).thenThrows('not_found', 'Goal not found');
    });
  });
});
