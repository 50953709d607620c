import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeTask } from '../../../test/render';
import { changeTaskEverywhere, changeGoalTasks, inOrder, restoreGoalCache } from './goal-task-cache';

const row = (id: string) => ({ id }) as never;
const goal = (id: string, taskIds: string[]) => ({ id, generated_tasks: taskIds.map(row) });
const ids = (value: unknown) => (value as { generated_tasks: { id: string }[] }).generated_tasks.map((task) => task.id);

describe('goal task cache', () => {
  it('reorders a goal in lists and details, and puts every query back on rollback', async () => {
    const client = new QueryClient();
    client.setQueryData(['goals', 'list', {}], [goal('g1', ['a', 'b', 'c']), goal('g2', ['x', 'y'])]);
    client.setQueryData(['goals', 'detail', 'g1'], goal('g1', ['a', 'b', 'c']));
    const snapshot = await changeGoalTasks(client, 'g1', (tasks) => inOrder(tasks, ['c', 'a', 'b']));
    const list = client.getQueryData<unknown[]>(['goals', 'list', {}])!;
    expect(ids(list[0])).toEqual(['c', 'a', 'b']);
    expect(ids(list[1])).toEqual(['x', 'y']);
    expect(ids(client.getQueryData(['goals', 'detail', 'g1']))).toEqual(['c', 'a', 'b']);
    restoreGoalCache(client, snapshot);
    expect(ids(client.getQueryData<unknown[]>(['goals', 'list', {}])![0])).toEqual(['a', 'b', 'c']);
    expect(ids(client.getQueryData(['goals', 'detail', 'g1']))).toEqual(['a', 'b', 'c']);
  });

  it('inOrder keeps tasks the order does not name after the named ones', () => {
    expect(inOrder([row('a'), row('b'), row('c')], ['c', 'a']).map((t: { id: string }) => t.id)).toEqual([
      'c',
      'a',
      'b',
    ]);
  });

  it('changes a task in the energy lists and the day plan too (rows that extend it keep their fields), leaves the rest as it was, and puts it all back', async () => {
    const client = new QueryClient();
    const task = { ...makeTask({ id: 't-1', goal_id: 'g1' }), goal_title: 'Move house' };
    const other = { ...makeTask({ id: 't-2', goal_id: 'g1' }), goal_title: 'Move house' };
    const sameIdOtherGoal = { ...makeTask({ id: 't-1', goal_id: 'g2' }), goal_title: 'Other' };
    const energy = [task, other, sameIdOtherGoal];
    const today = { today: '2026-11-28', planned: [{ ...task, do_date: '2026-11-28' }], overdue: [other] };
    client.setQueryData(['tasks', 'energy', { level: 'low' }], energy);
    client.setQueryData(['planner', 'today', {}], today);
    client.setQueryData(
      ['goals', 'list', {}],
      [{ id: 'g1', generated_tasks: [makeTask({ id: 't-1', goal_id: 'g1' })] }],
    );

    const snapshot = await changeTaskEverywhere(client, { goalId: 'g1', taskId: 't-1' }, (row) => ({
      ...row,
      status: 'done',
    }));
    const energyAfter = client.getQueryData<typeof energy>(['tasks', 'energy', { level: 'low' }])!;
    expect(energyAfter[0]).toEqual({ ...task, status: 'done' });
    expect(energyAfter[1]).toBe(other);
    expect(energyAfter[2]).toBe(sameIdOtherGoal);
    const todayAfter = client.getQueryData<typeof today>(['planner', 'today', {}])!;
    expect(todayAfter.planned[0]).toMatchObject({ status: 'done', do_date: '2026-11-28', goal_title: 'Move house' });
    expect(todayAfter.overdue).toBe(today.overdue);
    expect(client.getQueryData<unknown[]>(['goals', 'list', {}])![0]).toMatchObject({
      generated_tasks: [{ id: 't-1', status: 'done' }],
      completed_task_count: 1,
    });

    restoreGoalCache(client, snapshot);
    expect(client.getQueryData(['tasks', 'energy', { level: 'low' }])).toEqual(energy);
    expect(client.getQueryData(['planner', 'today', {}])).toEqual(today);
  });

  it("rolls its goal's progress up again (the ring) as the server will, other goals' left alone, and puts it back", async () => {
    const client = new QueryClient();
    const tasks = [makeTask({ id: 't-1', goal_id: 'g1' }), makeTask({ id: 't-2', goal_id: 'g1', status: 'done' })];
    client.setQueryData(['goals', 'detail', 'g1'], { id: 'g1', generated_tasks: tasks });
    const subtask = (id: string, done: boolean) => ({ id, goal_id: 'g1', task_id: 't-1', done });
    const progress = {
      subtasks: [subtask('s-1', true), subtask('s-2', false), subtask('s-3', false), subtask('s-4', false)],
      progress: {
        goal_percent: 63, // t-1 at a quarter, t-2 done
        tasks: [
          { task_id: 't-1', percent: 25, subtasks_done: 1, subtasks_total: 4 },
          { task_id: 't-2', percent: 100, subtasks_done: 0, subtasks_total: 0 },
        ],
      },
    };
    const otherGoal = { subtasks: [], progress: { goal_percent: 0, tasks: [] } };
    client.setQueryData(['tasks', 'subtasks', 'g1'], progress);
    client.setQueryData(['tasks', 'subtasks', 'g2'], otherGoal);
    const ref = { goalId: 'g1', taskId: 't-1' };
    const percents = () => {
      const { progress: after } = client.getQueryData<typeof progress>(['tasks', 'subtasks', 'g1'])!;
      return [after.goal_percent, ...after.tasks.map((task) => task.percent)];
    };

    const completed = await changeTaskEverywhere(client, ref, (row) => ({ ...row, status: 'done' }));
    expect(percents()).toEqual([100, 100, 100]);
    expect(client.getQueryData(['tasks', 'subtasks', 'g2'])).toBe(otherGoal);
    restoreGoalCache(client, completed);
    expect(client.getQueryData(['tasks', 'subtasks', 'g1'])).toEqual(progress);

    await changeTaskEverywhere(client, { goalId: 'g1', taskId: 't-2' }, (row) => ({ ...row, status: 'todo' }));
    expect(percents()).toEqual([13, 25, 0]);
  });
});
