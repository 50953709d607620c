import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EXCHANGE_BODY_LIMIT_BYTES } from '@stride/domain/exchange/exchange-limits';
import { strideExportSchema } from '@stride/domain/exchange/stride-export';
import { fieldProblem, isApiError } from '../../../lib/api-client';
import { importStride, importTodoist } from '../api/exchange';
import { invalidateAfterPlanning } from '../api/invalidate';
import { downloadCsvExport, downloadJsonExport } from '../lib/export-files';

function FileField({
  id,
  label,
  accept,
  disabled,
  onFile,
}: {
  readonly id: string;
  readonly label: string;
  readonly accept: string;
  readonly disabled: boolean;
  readonly onFile: (event: React.ChangeEvent<HTMLInputElement>) => Promise<void>;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="file" accept={accept} disabled={disabled} onChange={(event) => void onFile(event)} />
    </div>
  );
}

type Status = { readonly kind: 'idle' | 'busy' } | { readonly kind: 'done' | 'error'; readonly message: string };

/** The file's JSON, or undefined when it is not JSON (a CSV, say): never the parser's message on the screen. */
const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const megabytes = (bytes: number) => `${Number((bytes / 1_048_576).toFixed(1))} MB`;

/**
 * What a file over the import limit is told: the limit and what to do instead, with the file's size when it
 * is over the limit itself (a file just under it can still make a request over it, once wrapped in JSON).
 */
export const fileTooLargeMessage = (bytes: number) =>
  `This file${bytes > EXCHANGE_BODY_LIMIT_BYTES ? ` (${megabytes(bytes)})` : ''} is larger than the ` +
  `${megabytes(EXCHANGE_BODY_LIMIT_BYTES)} Stride imports at once. Export a smaller project, or fewer projects, ` +
  'and import each file on its own.';

/** Export everything (JSON, lossless; CSV for spreadsheets) and import a Stride export or a Todoist CSV. */
export function ExchangeCard() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const run = async (work: () => Promise<string>) => {
    setStatus({ kind: 'busy' });
    try {
      setStatus({ kind: 'done', message: await work() });
    } catch (caught) {
      setStatus({ kind: 'error', message: caught instanceof Error ? caught.message : String(caught) });
    }
  };
  const importFile = (kind: 'stride' | 'todoist') => async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    await run(async () => {
      // Said before the upload, not after sending megabytes for a 413 (which, should the JSON body around a
      // file just under the limit go over it, says the same).
      if (file.size > EXCHANGE_BODY_LIMIT_BYTES) throw new Error(fileTooLargeMessage(file.size));
      const tooLarge = (error: unknown) => {
        throw isApiError(error) && error.status === 413 ? new Error(fileTooLargeMessage(file.size)) : error;
      };
      const text = await file.text();
      if (kind === 'todoist') {
        // A file the server read and refused (not a Todoist export) is said in the server's words, which
        // name what is wrong and what to do; the generic 400 text ("wasn't accepted") says neither.
        const result = await importTodoist(text).catch((error: unknown) => {
          const problem = fieldProblem(error, 'csv');
          return tooLarge(problem ? new Error(problem) : error);
        });
        await invalidateAfterPlanning(queryClient);
        return `Imported ${result.tasks} tasks from Todoist into a new goal.`;
      }
      const parsed = strideExportSchema.safeParse(parseJson(text));
      if (!parsed.success) throw new Error('This file is not a Stride export.');
      const result = await importStride(parsed.data).catch(tooLarge);
      await invalidateAfterPlanning(queryClient);
      return `Imported ${result.goals} goals and ${result.tasks} tasks.`;
    });
  };
  const busy = status.kind === 'busy';

  return (
    <section className="card card--padded" aria-labelledby="exchange-title">
      <h2 id="exchange-title" className="card__title">
        Export and import
      </h2>
      <p className="muted">
        Your goals and tasks with their whole history, time logs, repeats, collections and preferences. Nothing is left
        out, completed work included.
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void run(async () => (await downloadJsonExport(), 'Your export has been downloaded.'))}
        >
          Export JSON
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void run(async () => (await downloadCsvExport(), 'Your tasks have been downloaded as CSV.'))}
        >
          Export CSV
        </button>
      </div>
      <FileField
        id="import-stride"
        label="Import a Stride export (JSON)"
        accept="application/json,.json"
        disabled={busy}
        onFile={importFile('stride')}
      />
      <FileField
        id="import-todoist"
        label="Import a Todoist export (CSV)"
        accept="text/csv,.csv"
        disabled={busy}
        onFile={importFile('todoist')}
      />
      <p className="small" role="status">
        {status.kind === 'busy' ? 'Working…' : status.kind === 'done' ? status.message : null}
      </p>
      {status.kind === 'error' ? (
        <p className="form-error" role="alert">
          {status.message}
        </p>
      ) : null}
    </section>
  );
}
