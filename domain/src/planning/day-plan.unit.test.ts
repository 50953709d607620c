import { describe, expect, it } from 'vitest';
import { dayPlan, weekStrip, type PlanTask } from './day-plan';

const TODAY = '2026-11-25';
const task = (taskId: string, doDate: string | null, extra: Partial<PlanTask> = {}): PlanTask => ({
  goalId: 'g1',
  taskId,
  doDate,
  status: 'todo',
  deletedAt: null,
  energyLevel: 'medium',
  estimatedMinutes: 30,
  ...extra,
});

const tasks = [
  task('a', TODAY, { energyLevel: 'low', estimatedMinutes: 15 }),
  task('b', TODAY, { energyLevel: 'high', estimatedMinutes: 90 }),
  task('c', '2026-11-23', { energyLevel: 'low', estimatedMinutes: 20 }),
  task('d', TODAY, { status: 'done', estimatedMinutes: 45 }),
  task('e', '2026-11-27', { estimatedMinutes: 60 }),
  task('f', null),
  task('g', TODAY, { deletedAt: '2026-11-24T00:00:00.000Z' }),
];
const ids = (list: readonly PlanTask[]) => list.map((t) => t.taskId);

describe('dayPlan', () => {
  it("holds today's open tasks and the overdue ones apart, with planned minutes", () => {
    const plan = dayPlan(tasks, TODAY);
    expect(ids(plan.today)).toEqual(['a', 'b']);
    expect(ids(plan.overdue)).toEqual(['c']);
    expect(ids(plan.suggested)).toEqual(['a', 'b', 'c']);
    expect(plan).toMatchObject({ plannedMinutes: 105, availableMinutes: null, overByMinutes: 0 });
  });

  it('suggests what fits the energy and the time, best fit first', () => {
    const plan = dayPlan(tasks, TODAY, { energy: 'low', availableMinutes: 60 });
    expect(ids(plan.suggested)).toEqual(['a', 'c']);
    expect(plan).toMatchObject({ plannedMinutes: 105, availableMinutes: 60, overByMinutes: 45 });
  });

  it('with time but no energy given, leaves out what is too long', () => {
    expect(ids(dayPlan(tasks, TODAY, { availableMinutes: 30 }).suggested)).toEqual(['a', 'c']);
  });
});

describe('weekStrip', () => {
  it('gives Monday to Sunday with the minutes planned each day', () => {
    expect(weekStrip(tasks, TODAY)).toEqual([
      { date: '2026-11-23', plannedMinutes: 20, openTasks: 1, doneTasks: 0 },
      { date: '2026-11-24', plannedMinutes: 0, openTasks: 0, doneTasks: 0 },
      { date: '2026-11-25', plannedMinutes: 150, openTasks: 2, doneTasks: 1 },
      { date: '2026-11-26', plannedMinutes: 0, openTasks: 0, doneTasks: 0 },
      { date: '2026-11-27', plannedMinutes: 60, openTasks: 1, doneTasks: 0 },
      { date: '2026-11-28', plannedMinutes: 0, openTasks: 0, doneTasks: 0 },
      { date: '2026-11-29', plannedMinutes: 0, openTasks: 0, doneTasks: 0 },
    ]);
  });
});
