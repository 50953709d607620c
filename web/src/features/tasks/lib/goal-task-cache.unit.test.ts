import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { changeGoalTasks, inOrder, restoreGoalCache } from './goal-task-cache';

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
});
