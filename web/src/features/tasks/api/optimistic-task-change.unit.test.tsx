import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GoalRow, TaskRow } from '@stride/domain/contracts/goals';
import { toast } from '../../../lib/toast';
import { jsonResponse, makeTask, testQueryClient } from '../../../test/render';
import { goalKeys } from '../../goals/api/keys';
import { useCompleteTask } from './complete-task';
import { useReopenTask } from './reopen-task';
import { useStartTask } from './start-task';

const tasks = [makeTask({ id: 't-1' }), makeTask({ id: 't-2', status: 'done' })];

function setup() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(goalKeys.list(), [
    { id: 'goal-1', generated_tasks: tasks, task_count: 2, completed_task_count: 1 },
  ]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const shown = () => (queryClient.getQueryData(goalKeys.list()) as GoalRow[])[0]!;
  const task = (id: string) => shown().generated_tasks.find((t) => t.id === id)!;
  return { queryClient, wrapper, shown, task };
}

/** A server that answers only when told to: what the screen shows meanwhile is the optimistic change. */
function slowServer() {
  const answers: Array<(response: Response) => void> = [];
  const spy = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(() => new Promise<Response>((resolve) => answers.push(resolve)));
  return {
    spy,
    answer: async (response: Response) => {
      await waitFor(() => expect(answers.length).toBeGreaterThan(0));
      answers.shift()!(response);
    },
  };
}

const taskResponse = (task: TaskRow) => jsonResponse({ task, position: '7' });

describe('task state changes show at once', () => {
  let server: ReturnType<typeof slowServer>;
  beforeEach(() => {
    toast.dismiss();
    server = slowServer();
  });
  afterEach(() => server.spy.mockRestore());

  it('given an open task, when it is completed with 20 minutes, then it shows done with the goal counts before the server answers', async () => {
    const { wrapper, shown, task } = setup();
    const { result } = renderHook(() => useCompleteTask(), { wrapper });
    act(() => result.current.mutate({ goalId: 'goal-1', taskId: 't-1', actualMinutes: 20 }));
    await waitFor(() => expect(task('t-1').status).toBe('done'));
    expect(task('t-1').actual_minutes).toBe(20);
    expect(task('t-1').completed_at).not.toBeNull();
    expect(shown()).toMatchObject({ task_count: 2, completed_task_count: 2 });
    expect(result.current.isPending).toBe(true);
    await server.answer(taskResponse({ ...task('t-1') }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });

  it('given the server refuses a completion, then the task shows open again and the error says what to do', async () => {
    const { wrapper, shown, task } = setup();
    const { result } = renderHook(() => useCompleteTask(), { wrapper });
    act(() => result.current.mutate({ goalId: 'goal-1', taskId: 't-1' }));
    await waitFor(() => expect(task('t-1').status).toBe('done'));
    await server.answer(jsonResponse({ error: 'conflict', message: 'Stream moved' }, { status: 409 }));
    await waitFor(() => expect(task('t-1').status).toBe('todo'));
    expect(shown()).toMatchObject({ completed_task_count: 1 });
    expect(toast.getAll().map((t) => t.message)).toContain(
      'This changed somewhere else. Refresh the page and try again.',
    );
  });

  it('given a done task, when it is reopened, then it shows open at once', async () => {
    const { wrapper, shown, task } = setup();
    const { result } = renderHook(() => useReopenTask(), { wrapper });
    act(() => result.current.mutate({ goalId: 'goal-1', taskId: 't-2' }));
    await waitFor(() => expect(task('t-2')).toMatchObject({ status: 'todo', completed_at: null }));
    expect(shown()).toMatchObject({ completed_task_count: 0 });
  });

  it('given an open task, when it is started, then it shows in progress at once, and other goals stay as they were', async () => {
    const { wrapper, task, queryClient } = setup();
    const other = { id: 'goal-2', generated_tasks: [makeTask({ id: 't-1', goal_id: 'goal-2' })] };
    queryClient.setQueryData(goalKeys.detail('goal-2'), other);
    const { result } = renderHook(() => useStartTask(), { wrapper });
    act(() => result.current.mutate({ goalId: 'goal-1', taskId: 't-1' }));
    await waitFor(() => expect(task('t-1').status).toBe('in_progress'));
    expect(task('t-1').started_at).not.toBeNull();
    expect(queryClient.getQueryData(goalKeys.detail('goal-2'))).toMatchObject({
      generated_tasks: [{ id: 't-1', status: 'todo' }],
    });
  });
});
