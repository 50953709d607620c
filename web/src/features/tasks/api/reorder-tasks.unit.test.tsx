import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TaskRow } from '@stride/domain/contracts/goals';
import { jsonResponse, makeTask, testQueryClient } from '../../../test/render';
import { goalKeys } from '../../goals/api/keys';
import { useReorderTasks } from './reorder-tasks';

const task = (id: string): TaskRow => makeTask({ id, estimated_minutes: 15, created_at: '2026-11-27T10:00:00.000Z' });

afterEach(() => vi.restoreAllMocks());

describe('useReorderTasks: moves in quick succession', () => {
  it('given three quick moves and a slow server, each shows at once, they are sent in order one at a time, and no read puts back an older order', async () => {
    // The server: it keeps the last order it was sent, and answers each reorder only when the test says so.
    let serverOrder = ['a', 'b', 'c'];
    const answers: Array<() => void> = [];
    const sent: string[][] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/reorder')) {
        const order = (JSON.parse(init!.body as string) as { task_ids: string[] }).task_ids;
        sent.push(order);
        await new Promise<void>((resolve) => answers.push(resolve));
        serverOrder = order;
        return jsonResponse({ tasks: [], position: '9' });
      }
      return jsonResponse({});
    });
    const queryClient = testQueryClient();
    queryClient.setQueryData(goalKeys.list(), [{ id: 'goal-1', generated_tasks: ['a', 'b', 'c'].map(task) }]);
    const shown = () =>
      (queryClient.getQueryData(goalKeys.list()) as [{ generated_tasks: TaskRow[] }])[0].generated_tasks.map(
        (t) => t.id,
      );
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useReorderTasks(), { wrapper });

    act(() => result.current.mutate({ goalId: 'goal-1', taskIds: ['b', 'a', 'c'] }));
    await waitFor(() => expect(shown()).toEqual(['b', 'a', 'c']));
    act(() => result.current.mutate({ goalId: 'goal-1', taskIds: ['b', 'c', 'a'] }));
    await waitFor(() => expect(shown()).toEqual(['b', 'c', 'a']));
    act(() => result.current.mutate({ goalId: 'goal-1', taskIds: ['c', 'b', 'a'] }));
    await waitFor(() => expect(shown()).toEqual(['c', 'b', 'a']));
    // Only the first is at the server; the others wait their turn.
    await waitFor(() => expect(sent).toEqual([['b', 'a', 'c']]));

    answers[0]!();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual(['b', 'c', 'a']);
    // The first has settled: reading the goals now would show the server's ['b', 'a', 'c'].
    expect(shown()).toEqual(['c', 'b', 'a']);
    answers[1]!();
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(shown()).toEqual(['c', 'b', 'a']);
    const goalsMarkedStale = () => queryClient.getQueryState(goalKeys.list())?.isInvalidated;
    expect(goalsMarkedStale()).toBe(false);

    answers[2]!();
    // The last has settled: the goals are to be read again, and the server has the last order.
    await waitFor(() => expect(goalsMarkedStale()).toBe(true));
    expect(serverOrder).toEqual(['c', 'b', 'a']);
  });
});
