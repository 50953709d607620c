import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { StreamAuditPage } from './stream-audit-page';

const event = (version: number, type: string, data: unknown) => ({
  globalPosition: version * 10,
  streamId: 'goal-g1',
  streamVersion: version,
  eventId: `e${version}`,
  type,
  schemaVersion: 1,
  data,
  metadata: { userId: 'user-1' },
  recordedAt: `2026-11-25T10:0${version}:00.000Z`,
  decoded: { schemaVersion: 1, data },
  decodeError: null,
});

const events = [
  event(1, 'GoalCreated', { title: 'Before' }),
  event(2, 'GoalUpdated', { changes: { title: 'After' } }),
  event(3, 'GoalCompleted', { completedAt: '2026-11-25T10:03:00.000Z' }),
];
const states = [{ title: 'Before' }, { title: 'After' }, { title: 'After', status: 'completed' }];

function fakeAudit(path: string, options?: { query?: Record<string, unknown> }) {
  const query = options?.query ?? {};
  const base = { streamId: 'goal-g1', version: 3, events, nextAfterVersion: null };
  if (query.at === undefined) return Promise.resolve(base);
  const at = Number(query.at) / 10;
  const from = Number(query.from) / 10;
  const point = (version: number) => ({
    at: String(version * 10),
    version,
    position: version === 0 ? null : version * 10,
    recordedAt: null,
    state: version === 0 ? null : states[version - 1],
  });
  const changes =
    from === 0
      ? [{ kind: 'added', path: '', after: states[at - 1] }]
      : at === 2
        ? [{ kind: 'changed', path: 'title', before: 'Before', after: 'After' }]
        : [{ kind: 'added', path: 'status', after: 'completed' }];
  expect(path).toBe('/audit/streams/goal-g1');
  return Promise.resolve({ ...base, state: point(at), diff: { from: point(from), to: point(at), changes } });
}

afterEach(() => vi.restoreAllMocks());

describe('StreamAuditPage', () => {
  it('opens a stream at its latest event and moves through the history by buttons, slider and list', async () => {
    vi.spyOn(apiClient, 'get').mockImplementation(fakeAudit as typeof apiClient.get);
    renderWithProviders(<StreamAuditPage />, { route: '/admin/audit?stream=goal-g1' });

    const position = await screen.findByTestId('audit-position');
    expect(position).toHaveTextContent('Event 3 of 3: GoalCompleted');
    await waitFor(() => expect(screen.getByTestId('audit-changes')).toHaveTextContent('status'));
    expect(screen.getByTestId('audit-state')).toHaveTextContent('completed');

    fireEvent.click(screen.getByRole('button', { name: '← Previous' }));
    expect(position).toHaveTextContent('Event 2 of 3: GoalUpdated');
    await waitFor(() => expect(screen.getByTestId('audit-changes')).toHaveTextContent('Changes since v1'));
    await waitFor(() => expect(screen.getByTestId('audit-changes')).toHaveTextContent('"Before" → "After"'));
    expect(screen.getByRole('button', { name: 'Next →' })).toBeEnabled();

    const slider = screen.getByRole('slider', { name: "Position in the stream's history" });
    fireEvent.change(slider, { target: { value: '1' } });
    expect(position).toHaveTextContent('Event 1 of 3: GoalCreated');
    expect(slider).toHaveAttribute('aria-valuetext', 'Event 1 of 3: GoalCreated');
    expect(screen.getByRole('button', { name: '← Previous' })).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(screen.getByTestId('audit-changes')).toHaveTextContent('(whole state)'));

    const history = screen.getByRole('region', { name: 'History' });
    fireEvent.click(within(history).getByRole('button', { name: /GoalCompleted/ }));
    expect(position).toHaveTextContent('Event 3 of 3');
    expect(within(history).getByRole('button', { name: /GoalCompleted/ })).toHaveAttribute('aria-current', 'step');
  });

  it('asks for a stream id first, saying how one is made', () => {
    renderWithProviders(<StreamAuditPage />, { route: '/admin/audit' });
    expect(
      screen.getByText(/^Enter a stream id to see its history: its kind, a dash and the id, as in goal-\{goal id\}/),
    ).toHaveTextContent('The kinds are user, goal, collection, template, usage, billing, calendar.');
    expect(screen.getByLabelText('Stream id')).toBeInTheDocument();
  });

  it('says what to do when nothing was recorded under the id: a bare user id is offered its stream', async () => {
    const empty = { version: 0, events: [], nextAfterVersion: null };
    vi.spyOn(apiClient, 'get').mockImplementation(((path: string) =>
      Promise.resolve({ ...empty, streamId: path.split('/').pop() })) as typeof apiClient.get);
    renderWithProviders(<StreamAuditPage />, { route: '/admin/audit?stream=usr_abc123' });
    const notice = await screen.findByTestId('audit-no-events');
    expect(notice).toHaveTextContent('“usr_abc123” is not a stream id: a stream id starts with its kind and a dash');
    fireEvent.click(within(notice).getByRole('link', { name: 'user-usr_abc123' }));
    await waitFor(() =>
      expect(screen.getByTestId('audit-no-events')).toHaveTextContent(
        'Nothing was ever recorded under user-usr_abc123: no user has that id. Check the id for a typo',
      ),
    );
    expect(screen.getByLabelText('Stream id')).toHaveValue('user-usr_abc123');
  });
});
