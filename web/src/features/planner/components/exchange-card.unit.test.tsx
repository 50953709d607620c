import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXCHANGE_BODY_LIMIT_BYTES } from '@stride/domain/exchange/exchange-limits';
import { userMessageFor } from '../../../lib/api-client';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ExchangeCard } from './exchange-card';

const NOT_TODOIST = 'The file holds no Todoist tasks. Export the project from Todoist as CSV and upload that file.';

afterEach(() => vi.restoreAllMocks());

const answerTodoistImport = (answer: () => Response) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (input) =>
      String(input instanceof Request ? input.url : input).includes('/planner/import/todoist')
        ? answer()
        : jsonResponse({}),
    );

const uploadCsv = (text: string) =>
  userEvent.upload(
    screen.getByLabelText('Import a Todoist export (CSV)'),
    new File([text], 'tasks.csv', { type: 'text/csv' }),
  );

describe('ExchangeCard: importing a Todoist CSV', () => {
  it("says the server's reason and what to do when the file is not a Todoist export", async () => {
    answerTodoistImport(() =>
      jsonResponse({ error: NOT_TODOIST, code: 'validation', details: { field: 'csv' } }, { status: 400 }),
    );
    renderWithProviders(<ExchangeCard />);
    await uploadCsv('Name,Amount\nRent,900\n');
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_TODOIST);
    expect(screen.getByRole('alert')).not.toHaveTextContent("wasn't accepted");
  });

  it('keeps the words of the status for any other failure (the server text of a 500 stays off the page)', async () => {
    answerTodoistImport(() => jsonResponse({ error: 'pool exhausted' }, { status: 500 }));
    renderWithProviders(<ExchangeCard />);
    await uploadCsv('TYPE,CONTENT\ntask,Milk\n');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Something went wrong on our side',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('pool exhausted');
  });
});

describe('ExchangeCard: a file over the import limit', () => {
  it('says the limit and what to do before sending anything', async () => {
    const fetch = answerTodoistImport(() => jsonResponse({ goal_id: 'g', goals: 1, tasks: 1, skipped: 0 }));
    renderWithProviders(<ExchangeCard />);
    const file = new File(['TYPE,CONTENT\n'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'size', { value: EXCHANGE_BODY_LIMIT_BYTES + 300 * 1024 });
    await userEvent.upload(screen.getByLabelText('Import a Todoist export (CSV)'), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file (20.3 MB) is larger than the 20 MB Stride imports at once. Export a smaller project',
    );
    expect(fetch.mock.calls.some(([input]) => String(input).includes('/planner/import'))).toBe(false);
  });

  it('says the same when the server finds the request too large (413), not "something went wrong"', async () => {
    answerTodoistImport(() => jsonResponse({ error: 'Request body is too large' }, { status: 413 }));
    renderWithProviders(<ExchangeCard />);
    await uploadCsv('TYPE,CONTENT\ntask,Milk\n');
    expect(await screen.findByRole('alert')).toHaveTextContent('is larger than the 20 MB Stride imports at once');
  });
});

describe('userMessageFor', () => {
  it('tells a 413 to send less at once', () => {
    expect(userMessageFor(413)).toBe('That is more than Stride takes in one go. Send less at once and try again.');
  });
});
