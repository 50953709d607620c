import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TaskRow } from '@stride/domain/contracts/goals';
import { jsonResponse, makeTask, makeUser, renderWithProviders } from '../../../test/render';
import { toast } from '../../../lib/toast';
import { movedWithin, TaskList } from './task-list';

const task = (id: string, title: string, status: TaskRow['status'] = 'todo'): TaskRow =>
  makeTask({ id, title, status, goal_id: 'goal_1' });
const tasks = [task('t1', 'Pack'), task('t2', 'Label'), task('t3', 'Lift'), task('t4', 'Book van', 'done')];

/** Answers every request; records method, URL and body. */
function serve(answer: (url: string) => Response = () => jsonResponse({})) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const raw = init?.body ?? null;
    calls.push({ method, url, body: typeof raw === 'string' ? JSON.parse(raw) : raw });
    return answer(url);
  });
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
  toast.dismiss();
});

describe('movedWithin', () => {
  it('moves a task among tasks of its own status only', () => {
    expect(movedWithin(tasks, 't2', 0)?.map((t) => t.id)).toEqual(['t2', 't1', 't3', 't4']);
    expect(movedWithin(tasks, 't1', 2)?.map((t) => t.id)).toEqual(['t2', 't3', 't1', 't4']);
    expect(movedWithin(tasks, 't3', 3)).toBeNull();
    expect(movedWithin(tasks, 't1', 0)).toBeNull();
  });
});

describe('TaskList reordering and editing', () => {
  it('moves a task up by its button and down by Alt+ArrowDown, sends the whole order and announces it', async () => {
    const calls = serve((url) =>
      url.includes('/reorder') ? jsonResponse({ tasks: [], position: '9' }) : jsonResponse({}),
    );
    renderWithProviders(<TaskList goalId="goal_1" tasks={tasks} />, { user: makeUser() });

    expect(screen.getByRole('button', { name: 'Move Pack up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Lift down' })).toBeDisabled(); // the next one is done
    await userEvent.click(screen.getByRole('button', { name: 'Move Label up' }));
    await waitFor(() => expect(calls.some((call) => call.url.includes('/reorder'))).toBe(true));
    const first = calls.find((call) => call.url.includes('/reorder'))!;
    expect(first.method).toBe('POST');
    expect(first.url).toContain('/goals/goal_1/tasks/reorder');
    expect(first.body).toEqual({ task_ids: ['t2', 't1', 't3', 't4'] });
    expect(screen.getByTestId('task-order-announcement')).toHaveTextContent('Moved “Label” to position 1 of 4.');

    // The list shows the tasks it is given (here unchanged: the cache update is the caller's goal query).
    const label = screen.getByRole('button', { name: 'Complete Label' }).closest('li')!;
    fireEvent.keyDown(label, { key: 'ArrowDown', altKey: true });
    await waitFor(() => expect(calls.filter((call) => call.url.includes('/reorder'))).toHaveLength(2));
    expect(calls.filter((call) => call.url.includes('/reorder'))[1]!.body).toEqual({
      task_ids: ['t1', 't3', 't2', 't4'],
    });
  });

  it('says what to do next when the server refuses the order', async () => {
    serve((url) =>
      url.includes('/reorder')
        ? jsonResponse({ error: 'conflict', code: 'illegal_state' }, { status: 409 })
        : jsonResponse({}),
    );
    renderWithProviders(<TaskList goalId="goal_1" tasks={tasks} />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Move Lift up' }));
    await waitFor(() =>
      expect(toast.getAll().map((t) => t.message)).toContain(
        'Could not save the new order; it was put back. Reload the page and move the task again.',
      ),
    );
  });

  it("names deleting a task as goals, collections and templates name theirs: 'Delete', never 'Remove'", async () => {
    serve();
    renderWithProviders(<TaskList goalId="goal_1" tasks={tasks} />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Pack' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toContain('Delete task');
    expect(items.filter((item) => /remove/i.test(item ?? ''))).toEqual([]);
  });

  it('edits title, minutes, energy and notes from the task menu and sends only what changed', async () => {
    const calls = serve((url) =>
      url.includes('/tasks/t1')
        ? jsonResponse({ task: { ...tasks[0], title: 'Pack books' }, position: '3' })
        : jsonResponse({}),
    );
    renderWithProviders(<TaskList goalId="goal_1" tasks={tasks} />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Pack' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit task' }));
    const dialog = await screen.findByRole('dialog');
    const title = within(dialog).getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Pack books');
    const minutes = within(dialog).getByLabelText('Estimated minutes');
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '45');
    await userEvent.selectOptions(within(dialog).getByLabelText('Energy needed'), 'high');
    await userEvent.type(within(dialog).getByLabelText('Notes'), 'Boxes in the garage');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save task' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
      body: { title: 'Pack books', estimated_minutes: 45, energy_level: 'high', description: 'Boxes in the garage' },
    });
    expect(calls.find((call) => call.method === 'PATCH')!.url).toContain('/goals/goal_1/tasks/t1');
  });
  it('adds nothing with minutes the API would refuse, and says what to type instead', async () => {
    const calls = serve((url) =>
      url.endsWith('/goals/goal_1/tasks') ? jsonResponse({ tasks: [], position: '5' }) : jsonResponse({}),
    );
    renderWithProviders(<TaskList goalId="goal_1" tasks={tasks} />, { user: makeUser() });
    const form = screen.getByRole('form', { name: 'Add a task' });
    await userEvent.type(within(form).getByLabelText('New task'), 'Order boxes');
    const minutes = within(form).getByLabelText('Estimated minutes');
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '2000');
    expect(within(form).queryByText(/Use a whole number/)).toBeNull(); // not while typing: once an add was tried
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(minutes).toHaveAccessibleDescription('Use a whole number of minutes from 1 to 1440.');
    expect(minutes).toHaveFocus();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '45');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      tasks: [{ title: 'Order boxes', estimated_minutes: 45, energy_level: 'medium' }],
    });
  });

  it('completes with the minutes given, never dropping minutes it cannot take', async () => {
    const calls = serve((url) =>
      url.includes('/complete')
        ? jsonResponse({ task: { ...tasks[0], status: 'done' }, position: '4' })
        : jsonResponse({}),
    );
    renderWithProviders(<TaskList goalId="goal_1" tasks={tasks} />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Complete Pack' }));
    const dialog = await screen.findByRole('dialog');
    const minutes = within(dialog).getByLabelText('Actual minutes spent');
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '0');
    expect(minutes).toHaveAccessibleDescription(
      'Logging real time helps Stride learn how long your tasks take. Use a whole number of minutes from 1 to 1440.',
    );
    expect(within(dialog).getByRole('button', { name: 'Complete task' })).toBeDisabled();
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete task' }));
    await waitFor(() => expect(calls.some((call) => call.url.includes('/complete'))).toBe(true));
    expect(calls.find((call) => call.url.includes('/complete'))!.body).toEqual({ actual_minutes: 25 });
  });
});
