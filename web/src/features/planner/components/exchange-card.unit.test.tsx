import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
