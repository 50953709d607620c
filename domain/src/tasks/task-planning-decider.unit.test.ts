import { describe, it } from 'vitest';
import { goalStreamDecider, type GoalStreamCommand } from '../goals/goal-decider';
import type { GoalStreamEvent } from '../goals/goal-events';
import type { RecurrenceRule } from '../recurrence/recurrence-rule';
import type { CommandMetadata } from '../shared/event';
import { deciderSpec } from '../testing/decider-spec';
import type { TaskTemplate } from './task-events';

// Planning commands go to their goal's stream, so they are specified through the goal stream's decider.
const spec = deciderSpec(goalStreamDecider);

// 2026-11-25 at 04:30 UTC: still the 24th in New York, already the 25th in Berlin.
const NOW = '2026-11-25T04:30:00.000Z';
const byOwner: CommandMetadata = { now: new Date(NOW), userId: 'user_1' };
const at = (now: string): CommandMetadata => ({ ...byOwner, now: new Date(now) });
const NY = 'America/New_York';
const BERLIN = 'Europe/Berlin';

const goalCreated: GoalStreamEvent = {
  type: 'GoalCreated',
  data: {
    goalId: 'goal_1',
    userId: 'user_1',
    title: 'Keep fit',
    description: '',
    category: 'health',
    priority: 'high',
    targetDate: null,
    createdAt: '2026-11-01T08:00:00.000Z',
  },
};
const stretch = { taskId: 'task_1', title: 'Stretch', estimatedMinutes: 10, energyLevel: 'low' } as const;
const taskAdded = (addedAt = '2026-11-20T10:00:00.000Z'): GoalStreamEvent => ({
  type: 'TaskAdded',
  data: { ...stretch, addedAt },
});
const scheduled = (doDate: string, taskId = 'task_1'): GoalStreamEvent => ({
  type: 'TaskScheduled',
  data: { taskId, doDate },
});
const completed = (taskId: string, completedAt = NOW): GoalStreamEvent => ({
  type: 'TaskCompleted',
  data: { taskId, completedAt },
});
const withTask = [goalCreated, taskAdded()];

const command = <C extends GoalStreamCommand>(type: C['type'], data: C['data'], metadata = byOwner) =>
  ({ type, data, metadata }) as C;

const template: TaskTemplate = {
  title: 'Stretch',
  description: null,
  estimatedMinutes: 10,
  energyLevel: 'low',
  dueOffsetDays: null,
};
const daily: RecurrenceRule = { kind: 'daily' };
const recurrenceSet = (
  occurrenceDate: string,
  rule: RecurrenceRule = daily,
  startDate = occurrenceDate,
  overrides: Partial<TaskTemplate> = {},
): GoalStreamEvent => ({
  type: 'TaskRecurrenceSet',
  data: {
    taskId: 'task_1',
    seriesId: 'task_1',
    occurrenceDate,
    recurrence: { rule, startDate },
    template: { ...template, ...overrides },
  },
});
const occurrence = (date: string, createdAt = NOW, overrides: Record<string, unknown> = {}): GoalStreamEvent => ({
  type: 'TaskOccurrenceCreated',
  data: {
    taskId: `task_1@${date}`,
    seriesId: 'task_1',
    occurrenceDate: date,
    title: 'Stretch',
    description: null,
    estimatedMinutes: 10,
    energyLevel: 'low',
    dueDate: null,
    createdAt,
    ...overrides,
  },
});

describe('Task planning decider (through the goal stream)', () => {
  describe('ScheduleTask', () => {
    it('given a task, when scheduled for today in the user zone, then TaskScheduled', () => {
      spec
        .given(withTask)
        .when(command('ScheduleTask', { taskId: 'task_1', doDate: '2026-11-24', timeZone: NY }))
        .then([scheduled('2026-11-24')]);
    });

    it('given a task, when scheduled for a day that is already past in the user zone, then validation on doDate', () => {
      spec
        .given(withTask)
        .when(command('ScheduleTask', { taskId: 'task_1', doDate: '2026-11-24', timeZone: BERLIN }))
        .thenThrows('validation', 'Do date is in the past', { field: 'doDate', today: '2026-11-25' });
    });

    it('given no zone, when scheduled for a date still today somewhere, then it is accepted', () => {
      spec
        .given(withTask)
        .when(command('ScheduleTask', { taskId: 'task_1', doDate: '2026-11-24' }))
        .then([scheduled('2026-11-24')]);
    });

    it.each(['2026-02-30', '2026-13-45', '0000-00-00', 'tomorrow'])(
      'given a task, when scheduled on %s, then validation on doDate',
      (doDate) => {
        spec
          .given(withTask)
          .when(command('ScheduleTask', { taskId: 'task_1', doDate, timeZone: NY }))
          .thenThrows('validation', 'Expected a calendar date as YYYY-MM-DD', { field: 'doDate' });
      },
    );

    it('given a bad zone, when scheduled, then validation on timeZone', () => {
      spec
        .given(withTask)
        .when(command('ScheduleTask', { taskId: 'task_1', doDate: '2026-12-01', timeZone: 'Mars/Base' }))
        .thenThrows('validation', 'Expected an IANA time zone', { field: 'timeZone' });
    });

    it('given a scheduled task, when scheduled on the same date, then nothing; when cleared, then TaskUnscheduled', () => {
      spec
        .given([...withTask, scheduled('2026-12-01')])
        .when(command('ScheduleTask', { taskId: 'task_1', doDate: '2026-12-01' }))
        .then([]);
      spec
        .given([...withTask, scheduled('2026-12-01')])
        .when(command('ScheduleTask', { taskId: 'task_1', doDate: null }))
        .then([{ type: 'TaskUnscheduled', data: { taskId: 'task_1' } }]);
    });

    it('given an unscheduled task, when cleared, then nothing', () => {
      spec
        .given(withTask)
        .when(command('ScheduleTask', { taskId: 'task_1', doDate: null }))
        .then([]);
    });

    it('given a completed task, when scheduled, then illegal_state', () => {
      spec
        .given([...withTask, completed('task_1')])
        .when(command('ScheduleTask', { taskId: 'task_1', doDate: '2026-12-01' }))
        .thenThrows('illegal_state', 'Task is already completed');
    });

    it('given no such task, when scheduled, then not_found', () => {
      spec
        .given([goalCreated])
        .when(command('ScheduleTask', { taskId: 'task_9', doDate: '2026-12-01' }))
        .thenThrows('not_found', 'Task not found', { field: 'taskId' });
    });

    it("given another user's goal, when scheduled, then not_found", () => {
      spec
        .given(withTask)
        .when(command('ScheduleTask', { taskId: 'task_1', doDate: '2026-12-01' }, { ...byOwner, userId: 'user_2' }))
        .thenThrows('not_found', 'Goal not found');
    });
  });

  describe('SetTaskDueDate', () => {
    it('given a task, when a due date is set, then TaskDueDateSet (even before the do date)', () => {
      spec
        .given([...withTask, scheduled('2026-12-10')])
        .when(command('SetTaskDueDate', { taskId: 'task_1', dueDate: '2026-12-05', timeZone: NY }))
        .then([{ type: 'TaskDueDateSet', data: { taskId: 'task_1', dueDate: '2026-12-05' } }]);
    });

    it('given a task created on the 20th, when due on the 21st (already past), then it is accepted', () => {
      spec
        .given(withTask)
        .when(command('SetTaskDueDate', { taskId: 'task_1', dueDate: '2026-11-21', timeZone: BERLIN }))
        .then([{ type: 'TaskDueDateSet', data: { taskId: 'task_1', dueDate: '2026-11-21' } }]);
    });

    it('given a task created late on the 20th in New York (the 21st in UTC), when due on the 20th, then accepted in New York only', () => {
      const lateAdded = [goalCreated, taskAdded('2026-11-21T03:00:00.000Z')];
      spec
        .given(lateAdded)
        .when(command('SetTaskDueDate', { taskId: 'task_1', dueDate: '2026-11-20', timeZone: NY }))
        .then([{ type: 'TaskDueDateSet', data: { taskId: 'task_1', dueDate: '2026-11-20' } }]);
      spec
        .given(lateAdded)
        .when(command('SetTaskDueDate', { taskId: 'task_1', dueDate: '2026-11-20', timeZone: BERLIN }))
        .thenThrows('validation', 'Due date is before the task was created', {
          field: 'dueDate',
          createdOn: '2026-11-21',
        });
    });

    it('given a due date, when cleared, then TaskDueDateCleared; when cleared again, then nothing', () => {
      const due: GoalStreamEvent = { type: 'TaskDueDateSet', data: { taskId: 'task_1', dueDate: '2026-12-05' } };
      spec
        .given([...withTask, due])
        .when(command('SetTaskDueDate', { taskId: 'task_1', dueDate: null }))
        .then([{ type: 'TaskDueDateCleared', data: { taskId: 'task_1' } }]);
      spec
        .given([...withTask, due, { type: 'TaskDueDateCleared', data: { taskId: 'task_1' } }])
        .when(command('SetTaskDueDate', { taskId: 'task_1', dueDate: null }))
        .then([]);
    });

    it('given a task, when due on 2026-02-30, then validation on dueDate', () => {
      spec
        .given(withTask)
        .when(command('SetTaskDueDate', { taskId: 'task_1', dueDate: '2026-02-30' }))
        .thenThrows('validation', undefined, { field: 'dueDate' });
    });
  });

  describe('SetTaskRecurrence', () => {
    it('given an unscheduled task, when made daily, then it is the first occurrence, today in the user zone', () => {
      spec
        .given(withTask)
        .when(command('SetTaskRecurrence', { taskId: 'task_1', rule: daily, timeZone: NY }))
        .then([recurrenceSet('2026-11-24')]);
    });

    it('given a task planned on a Saturday, when made a weekday habit, then its occurrence is the Monday after', () => {
      spec
        .given([...withTask, scheduled('2026-11-28')])
        .when(command('SetTaskRecurrence', { taskId: 'task_1', rule: { kind: 'weekdays' }, timeZone: NY }))
        .then([recurrenceSet('2026-11-30', { kind: 'weekdays' }, '2026-11-28')]);
    });

    it('given a task with a due date 2 days after its do date, then occurrences keep the 2-day offset', () => {
      spec
        .given([
          ...withTask,
          scheduled('2026-12-01'),
          { type: 'TaskDueDateSet', data: { taskId: 'task_1', dueDate: '2026-12-03' } },
        ])
        .when(command('SetTaskRecurrence', { taskId: 'task_1', rule: daily, timeZone: NY }))
        .then([recurrenceSet('2026-12-01', daily, '2026-12-01', { dueOffsetDays: 2 })]);
    });

    it('given a task, when the start date is past, then validation on startDate', () => {
      spec
        .given(withTask)
        .when(command('SetTaskRecurrence', { taskId: 'task_1', rule: daily, startDate: '2026-11-01', timeZone: NY }))
        .thenThrows('validation', 'Start date is in the past', { field: 'startDate' });
    });

    it('given a task, when the rule is malformed, then validation on the rule', () => {
      spec
        .given(withTask)
        .when(
          command('SetTaskRecurrence', {
            taskId: 'task_1',
            rule: { kind: 'everyNDays', interval: 0 } as RecurrenceRule,
          }),
        )
        .thenThrows('validation', undefined, { field: 'rule.interval' });
    });

    it('given a daily series, when the same rule is set again, then nothing', () => {
      spec
        .given([...withTask, recurrenceSet('2026-11-24')])
        .when(command('SetTaskRecurrence', { taskId: 'task_1', rule: daily, timeZone: NY }))
        .then([]);
    });

    it('given a series, when an occurrence gets a new rule, then the series changes from that occurrence on', () => {
      spec
        .given([...withTask, recurrenceSet('2026-11-20'), occurrence('2026-11-24')])
        .when(
          command('SetTaskRecurrence', {
            taskId: 'task_1@2026-11-24',
            rule: { kind: 'everyNDays', interval: 3 },
            timeZone: NY,
          }),
        )
        .then([
          {
            type: 'TaskRecurrenceSet',
            data: {
              taskId: 'task_1@2026-11-24',
              seriesId: 'task_1',
              occurrenceDate: '2026-11-24',
              recurrence: { rule: { kind: 'everyNDays', interval: 3 }, startDate: '2026-11-24' },
              template,
            },
          },
        ]);
    });

    it('given a series, when the rule is cleared, then TaskRecurrenceCleared; cleared again, then nothing', () => {
      const cleared: GoalStreamEvent = {
        type: 'TaskRecurrenceCleared',
        data: { taskId: 'task_1', seriesId: 'task_1' },
      };
      spec
        .given([...withTask, recurrenceSet('2026-11-24')])
        .when(command('SetTaskRecurrence', { taskId: 'task_1', rule: null }))
        .then([cleared]);
      spec
        .given([...withTask, recurrenceSet('2026-11-24'), cleared])
        .when(command('SetTaskRecurrence', { taskId: 'task_1', rule: null }))
        .then([]);
    });

    it('given a completed occurrence, when the rule is cleared, then the series ends', () => {
      spec
        .given([...withTask, recurrenceSet('2026-11-24'), completed('task_1')])
        .when(command('SetTaskRecurrence', { taskId: 'task_1', rule: null }))
        .then([{ type: 'TaskRecurrenceCleared', data: { taskId: 'task_1', seriesId: 'task_1' } }]);
    });

    it('given a completed task, when a rule is set, then illegal_state', () => {
      spec
        .given([...withTask, completed('task_1')])
        .when(command('SetTaskRecurrence', { taskId: 'task_1', rule: daily }))
        .thenThrows('illegal_state', 'Task is already completed');
    });

    it('given a one-off task, when the rule is cleared, then nothing', () => {
      spec
        .given(withTask)
        .when(command('SetTaskRecurrence', { taskId: 'task_1', rule: null }))
        .then([]);
    });
  });

  describe('EditTask', () => {
    const series = [...withTask, recurrenceSet('2026-11-22'), occurrence('2026-11-23'), occurrence('2026-11-24')];

    it('given a one-off task, when edited, then TaskUpdated with the changed fields only', () => {
      spec
        .given(withTask)
        .when(command('EditTask', { taskId: 'task_1', changes: { title: 'Stretch', estimatedMinutes: 15 } }))
        .then([{ type: 'TaskUpdated', data: { taskId: 'task_1', changes: { estimatedMinutes: 15 } } }]);
    });

    it('given a one-off task, when edited with scope future, then it is edited like any task', () => {
      spec
        .given(withTask)
        .when(command('EditTask', { taskId: 'task_1', changes: { description: 'Neck too' }, scope: 'future' }))
        .then([{ type: 'TaskUpdated', data: { taskId: 'task_1', changes: { description: 'Neck too' } } }]);
    });

    it('given a series, when one occurrence is edited (scope this), then only that task changes', () => {
      spec
        .given(series)
        .when(command('EditTask', { taskId: 'task_1@2026-11-23', changes: { energyLevel: 'medium' }, scope: 'this' }))
        .then([{ type: 'TaskUpdated', data: { taskId: 'task_1@2026-11-23', changes: { energyLevel: 'medium' } } }]);
    });

    it('given a series, when an occurrence is edited for all future ones, then it, the later open ones and the template change', () => {
      spec
        .given([...series, completed('task_1')])
        .when(command('EditTask', { taskId: 'task_1@2026-11-23', changes: { estimatedMinutes: 20 }, scope: 'future' }))
        .then([
          { type: 'TaskUpdated', data: { taskId: 'task_1@2026-11-23', changes: { estimatedMinutes: 20 } } },
          { type: 'TaskUpdated', data: { taskId: 'task_1@2026-11-24', changes: { estimatedMinutes: 20 } } },
          { type: 'TaskSeriesUpdated', data: { seriesId: 'task_1', changes: { estimatedMinutes: 20 } } },
        ]);
    });

    it('given a series, when edited for the future, then the next occurrence is created from the new template', () => {
      spec
        .given([
          ...withTask,
          recurrenceSet('2026-11-24'),
          { type: 'TaskSeriesUpdated', data: { seriesId: 'task_1', changes: { title: 'Stretch well' } } },
          completed('task_1'),
        ])
        .when(command('CreateNextOccurrence', { seriesId: 'task_1', timeZone: NY }))
        .then([occurrence('2026-11-25', NOW, { title: 'Stretch well' })]);
    });

    it('given a task, when edited with an empty title, then validation on the title', () => {
      spec
        .given(withTask)
        .when(command('EditTask', { taskId: 'task_1', changes: { title: '  ' } }))
        .thenThrows('validation', undefined, { field: 'changes.title' });
    });
  });

  describe('CreateNextOccurrence (the recurrence job)', () => {
    it('given a daily series whose occurrence is done, then the next day is created with a deterministic id', () => {
      spec
        .given([...withTask, recurrenceSet('2026-11-24'), completed('task_1')])
        .when(command('CreateNextOccurrence', { seriesId: 'task_1', timeZone: NY }))
        .then([occurrence('2026-11-25')]);
    });

    it('given the occurrence was already created (the job runs twice), then nothing', () => {
      spec
        .given([...withTask, recurrenceSet('2026-11-24'), completed('task_1'), occurrence('2026-11-25')])
        .when(command('CreateNextOccurrence', { seriesId: 'task_1', timeZone: NY }))
        .then([]);
    });

    it('given an open occurrence for today, then nothing until its day has passed', () => {
      spec
        .given([...withTask, recurrenceSet('2026-11-24')])
        .when(command('CreateNextOccurrence', { seriesId: 'task_1', timeZone: NY }))
        .then([]);
    });

    it("given an open occurrence, when the next one's day comes in the user's zone, then it is created", () => {
      // 04:30 UTC on the 25th: the 25th in Berlin, still the 24th in New York.
      spec
        .given([...withTask, recurrenceSet('2026-11-24')])
        .when(command('CreateNextOccurrence', { seriesId: 'task_1', timeZone: BERLIN }))
        .then([occurrence('2026-11-25')]);
    });

    it('given missed days, then missed dates are not back-filled: the next occurrence is today', () => {
      spec
        .given([...withTask, recurrenceSet('2026-11-20', daily, '2026-11-20')])
        .when(command('CreateNextOccurrence', { seriesId: 'task_1', timeZone: NY }))
        .then([occurrence('2026-11-24')]);
    });

    it('given a weekday habit done on Friday, then the next is Monday', () => {
      spec
        .given([
          ...withTask,
          recurrenceSet('2026-11-27', { kind: 'weekdays' }, '2026-11-27'),
          completed('task_1', '2026-11-27T20:00:00.000Z'),
        ])
        .when(command('CreateNextOccurrence', { seriesId: 'task_1', timeZone: NY }, at('2026-11-28T15:00:00.000Z')))
        .then([occurrence('2026-11-30', '2026-11-28T15:00:00.000Z')]);
    });

    it('across the New York spring-forward night, a daily habit done on the 7th gets the 8th', () => {
      const march = [
        goalCreated,
        taskAdded('2026-03-01T10:00:00.000Z'),
        recurrenceSet('2026-03-07', daily, '2026-03-07'),
        completed('task_1', '2026-03-08T04:00:00.000Z'),
      ];
      // 06:30 UTC on the 8th is 01:30 EST, just before clocks jump to 03:00 EDT.
      spec
        .given(march)
        .when(command('CreateNextOccurrence', { seriesId: 'task_1', timeZone: NY }, at('2026-03-08T06:30:00.000Z')))
        .then([occurrence('2026-03-08', '2026-03-08T06:30:00.000Z')]);
    });

    it('given a due offset, then the occurrence is due that many days after its date', () => {
      spec
        .given([
          ...withTask,
          recurrenceSet('2026-11-24', daily, '2026-11-24', { dueOffsetDays: 2 }),
          completed('task_1'),
        ])
        .when(command('CreateNextOccurrence', { seriesId: 'task_1', timeZone: NY }))
        .then([occurrence('2026-11-25', NOW, { dueDate: '2026-11-27' })]);
    });

    it('given a deleted occurrence, then the series goes on', () => {
      spec
        .given([
          ...withTask,
          recurrenceSet('2026-11-24'),
          { type: 'TaskDeleted', data: { taskId: 'task_1', deletedAt: NOW } },
        ])
        .when(command('CreateNextOccurrence', { seriesId: 'task_1', timeZone: NY }))
        .then([occurrence('2026-11-25')]);
    });

    it('given an occurrence re-anchored to an earlier date, then its spent id is skipped, not reused', () => {
      // task_1@2026-11-26 was created, then a new rule re-anchored it on the 25th: the 26th's id is spent.
      const reanchored: GoalStreamEvent = {
        type: 'TaskRecurrenceSet',
        data: {
          taskId: 'task_1@2026-11-26',
          seriesId: 'task_1',
          occurrenceDate: '2026-11-25',
          recurrence: { rule: daily, startDate: '2026-11-25' },
          template,
        },
      };
      spec
        .given([
          ...withTask,
          recurrenceSet('2026-11-24'),
          completed('task_1'),
          occurrence('2026-11-26'),
          reanchored,
          completed('task_1@2026-11-26'),
        ])
        .when(command('CreateNextOccurrence', { seriesId: 'task_1', timeZone: NY }))
        .then([occurrence('2026-11-27')]);
    });

    it('given an ended series, then nothing', () => {
      spec
        .given([
          ...withTask,
          recurrenceSet('2026-11-24'),
          { type: 'TaskRecurrenceCleared', data: { taskId: 'task_1', seriesId: 'task_1' } },
          completed('task_1'),
        ])
        .when(command('CreateNextOccurrence', { seriesId: 'task_1', timeZone: NY }))
        .then([]);
    });

    it('given an abandoned goal, then nothing', () => {
      spec
        .given([
          ...withTask,
          recurrenceSet('2026-11-24'),
          completed('task_1'),
          { type: 'GoalAbandoned', data: { abandonedAt: NOW } },
        ])
        .when(command('CreateNextOccurrence', { seriesId: 'task_1', timeZone: NY }))
        .then([]);
    });

    it('given no such series, then not_found; without a zone, then validation', () => {
      spec
        .given(withTask)
        .when(command('CreateNextOccurrence', { seriesId: 'nope', timeZone: NY }))
        .thenThrows('not_found', 'Series not found', { field: 'seriesId' });
      spec
        .given(withTask)
        .when(command('CreateNextOccurrence', { seriesId: 'task_1', timeZone: '' }))
        .thenThrows('validation', undefined, { field: 'timeZone' });
    });
  });
});
