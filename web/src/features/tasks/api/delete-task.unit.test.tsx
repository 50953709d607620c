import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskRow } from '@stride/domain/contracts/goals';
import { toast } from '../../../lib/toast';
import { jsonResponse, makeTask, testQueryClient } from '../../../test/render';
import { goalKeys } from '../../goals/api/keys';
import { useDeleteTask } from './delete-task';

const task = (id: string): TaskRow => makeTask({ id, estimated_minutes: 15, created_at: '2026-11-27T10:00:00.000Z' });

function setup() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(goalKeys.list(), [{ id: 'goal-1', generated_tasks: [task('t-1'), task('t-2')] }]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const shownTasks = () =>
    (queryClient.getQueryData(goalKeys.list()) as [{ generated_tasks: TaskRow[] }])[0].generated_tasks.map((t) => t.id);
  return { queryClient, wrapper, shownTasks };
}

const deletes = (spy: ReturnType<typeof vi.spyOn>) =>
  (spy.mock.calls as Array<[RequestInfo | URL, RequestInit | undefined]>).filter(
    ([, init]) => init?.method === 'DELETE',
  );

describe('useDeleteTask: a delayed delete the Undo can take back', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    toast.dismiss();
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse({ success: true }));
  });
  afterEach(() => fetchSpy.mockRestore());

  it('given a task removed, when the page goes away in the Undo time, then its DELETE is sent at once, outliving the page', async () => {
    const { wrapper, shownTasks } = setup();
    const { result } = renderHook(() => useDeleteTask(), { wrapper });
    act(() => result.current.mutate({ goalId: 'goal-1', taskId: 't-1' }));
    await waitFor(() => expect(shownTasks()).toEqual(['t-2']));
    await waitFor(() => expect(toast.getAll().map((t) => t.message)).toContain('Task deleted'));
    expect(deletes(fetchSpy)).toEqual([]);

    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(deletes(fetchSpy)).toHaveLength(1));
    const [url, init] = deletes(fetchSpy)[0]!;
    expect(String(url)).toMatch(/\/api\/goals\/goal-1\/tasks\/t-1$/);
    expect(init?.keepalive).toBe(true);

    // Undo after that has nothing to take back: the task stays removed, and no second DELETE goes.
    const undo = toast.getAll().find((t) => t.message === 'Task deleted')!.action!;
    act(() => undo.onSelect());
    expect(shownTasks()).toEqual(['t-2']);
    window.dispatchEvent(new Event('pagehide'));
    expect(deletes(fetchSpy)).toHaveLength(1);
  });

  it('given a task removed and then kept with Undo, when the page goes away, then nothing is sent', async () => {
    const { wrapper, shownTasks } = setup();
    const { result } = renderHook(() => useDeleteTask(), { wrapper });
    act(() => result.current.mutate({ goalId: 'goal-1', taskId: 't-2' }));
    await waitFor(() => expect(toast.getAll().map((t) => t.message)).toContain('Task deleted'));
    act(() =>
      toast
        .getAll()
        .find((t) => t.message === 'Task deleted')!
        .action!.onSelect(),
    );
    expect(shownTasks()).toEqual(['t-1', 't-2']);
    window.dispatchEvent(new Event('pagehide'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(deletes(fetchSpy)).toEqual([]);
  });
});
