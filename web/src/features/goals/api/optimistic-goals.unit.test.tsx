import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GoalRow } from '@stride/domain/contracts/goals';
import { toast } from '../../../lib/toast';
import { jsonResponse, testQueryClient } from '../../../test/render';
import { optimisticGoalRow } from '../lib/optimistic-goals';
import { useCreateGoal } from './create-goal';
import { useDeleteGoal } from './delete-goal';
import { goalKeys } from './keys';

const goal = (id: string, title: string): GoalRow => ({
  ...optimisticGoalRow({
    id,
    userId: 'user-1',
    title,
    description: '',
    category: 'personal',
    priority: 'medium',
    target_date: null,
  }),
  version: 1,
});

function deferredFetch() {
  let resolve: (response: Response) => void = () => undefined;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>((r) => (resolve = r)));
  return {
    spy,
    respond: async (response: Response) => {
      await waitFor(() => expect(spy).toHaveBeenCalled());
      resolve(response);
    },
  };
}

function setup() {
  const queryClient = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

const messages = () => toast.getAll().map((t) => t.message);
const input = {
  id: 'new-1',
  userId: 'user-1',
  title: 'Learn Spanish',
  description: '',
  category: 'learning',
  priority: 'high' as const,
  target_date: null,
};

describe('optimistic goal create', () => {
  beforeEach(() => toast.dismiss());

  it('shows the goal at once and rolls back with an error toast when the server fails', async () => {
    const { queryClient, wrapper } = setup();
    const existing = goal('a', 'Run a 10k');
    queryClient.setQueryData(goalKeys.list({ status: 'active' }), [existing]);
    queryClient.setQueryData(goalKeys.list({ status: 'completed' }), []);
    const { respond } = deferredFetch();
    const { result } = renderHook(() => useCreateGoal(), { wrapper });

    act(() => result.current.mutate(input));
    await waitFor(() =>
      expect(queryClient.getQueryData<GoalRow[]>(goalKeys.list({ status: 'active' }))?.map((g) => g.id)).toEqual([
        'new-1',
        'a',
      ]),
    );
    expect(queryClient.getQueryData(goalKeys.list({ status: 'completed' }))).toEqual([]);

    await respond(jsonResponse({ error: 'boom' }, { status: 500 }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(queryClient.getQueryData(goalKeys.list({ status: 'active' }))).toEqual([existing]);
    expect(messages()).toContain('Failed to create goal. Please try again.');
  });

  it('keeps the goal and toasts success when the server accepts it', async () => {
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(goalKeys.list({ status: 'active' }), []);
    const { respond } = deferredFetch();
    const { result } = renderHook(() => useCreateGoal(), { wrapper });
    act(() => result.current.mutate(input));
    await respond(
      jsonResponse({
        goal: { ...goal('new-1', 'Learn Spanish'), category: 'learning', priority: 'high' },
        position: '42',
      }),
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(messages()).toContain('Goal created');
  });

  it("swaps the optimistic row for the server's row (the server's id is derived from the client's)", async () => {
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(goalKeys.list({ status: 'active' }), []);
    const { respond } = deferredFetch();
    const { result } = renderHook(() => useCreateGoal(), { wrapper });
    act(() => result.current.mutate(input));
    await respond(jsonResponse({ goal: goal('server-1', 'Learn Spanish'), position: '43' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryData<GoalRow[]>(goalKeys.list({ status: 'active' }))?.map((g) => g.id)).toEqual([
      'server-1',
    ]);
  });

  it('opens the upgrade path on 403 limit_reached and rolls back', async () => {
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(goalKeys.list({ status: 'active' }), []);
    const { respond } = deferredFetch();
    const onLimitReached = vi.fn();
    const { result } = renderHook(() => useCreateGoal({ onLimitReached }), { wrapper });
    act(() => result.current.mutate(input));
    await respond(jsonResponse({ error: 'Monthly goal limit reached', code: 'limit_reached' }, { status: 403 }));
    await waitFor(() => expect(onLimitReached).toHaveBeenCalled());
    expect(queryClient.getQueryData(goalKeys.list({ status: 'active' }))).toEqual([]);
  });

  it("maps 401 to 'Authentication required. Please sign in again.'", async () => {
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(goalKeys.list({ status: 'active' }), []);
    const { respond } = deferredFetch();
    const { result } = renderHook(() => useCreateGoal(), { wrapper });
    act(() => result.current.mutate(input));
    await respond(jsonResponse({ error: 'nope' }, { status: 401 }));
    await waitFor(() => expect(result.current.error?.message).toBe('Authentication required. Please sign in again.'));
  });
});

describe('optimistic goal delete', () => {
  beforeEach(() => toast.dismiss());

  it('removes the goal at once and restores it when the server refuses', async () => {
    const { queryClient, wrapper } = setup();
    const a = goal('a', 'Run a 10k');
    const b = goal('b', 'Read 12 books');
    queryClient.setQueryData(goalKeys.list({ status: 'active' }), [a, b]);
    queryClient.setQueryData(goalKeys.list(), [a, b]);
    const { respond } = deferredFetch();
    const { result } = renderHook(() => useDeleteGoal(), { wrapper });

    act(() => result.current.mutate('a'));
    await waitFor(() =>
      expect(queryClient.getQueryData<GoalRow[]>(goalKeys.list({ status: 'active' }))?.map((g) => g.id)).toEqual(['b']),
    );
    expect(queryClient.getQueryData<GoalRow[]>(goalKeys.list())?.map((g) => g.id)).toEqual(['b']);

    await respond(jsonResponse({ error: 'Goal changed elsewhere' }, { status: 409 }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(queryClient.getQueryData(goalKeys.list({ status: 'active' }))).toEqual([a, b]);
    expect(queryClient.getQueryData(goalKeys.list())).toEqual([a, b]);
    expect(messages()).toContain(
      'Could not delete the goal. This changed somewhere else. Refresh the page and try again.',
    );
    expect(messages().join(' ')).not.toContain('Goal changed elsewhere');
  });

  it('toasts success when the delete is accepted', async () => {
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(goalKeys.list({ status: 'active' }), [goal('a', 'Run')]);
    const { respond } = deferredFetch();
    const { result } = renderHook(() => useDeleteGoal(), { wrapper });
    act(() => result.current.mutate('a'));
    await respond(jsonResponse({ success: true, position: '7' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryData(goalKeys.list({ status: 'active' }))).toEqual([]);
    expect(messages()).toContain('Goal deleted');
  });
});
