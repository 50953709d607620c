import { useState } from 'react';
import { apiClient } from '../../../lib/api-client';
import { saveJson } from '../../../lib/save-file';

/** GET /api/user/export-my-data: everything Stride holds about the caller, as JSON. */
export const exportMyData = () => apiClient.get<{ exportedAt: string }>('/user/export-my-data');

/** "Download my data" (right of access): all the user's events and read-model rows in one JSON file. */
export function DownloadMyData({ fetchData = exportMyData }: { readonly fetchData?: typeof exportMyData }) {
  const [status, setStatus] = useState<'idle' | 'busy' | 'done' | 'error'>('idle');
  const [error, setError] = useState('');

  const download = async () => {
    setStatus('busy');
    try {
      const data = await fetchData();
      saveJson(data, `stride-my-data-${data.exportedAt.slice(0, 10)}.json`);
      setStatus('done');
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setStatus('error');
    }
  };

  return (
    <section className="card card--padded" aria-labelledby="my-data-title">
      <h2 id="my-data-title" className="card__title">
        Your data
      </h2>
      <p className="muted">
        Download everything Stride holds about you — your account, goals, tasks, collections, plan and usage, and the
        full history of every change — as a JSON file.
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void download()}
          disabled={status === 'busy'}
          aria-busy={status === 'busy'}
        >
          {status === 'busy' ? 'Preparing your data…' : 'Download my data'}
        </button>
      </div>
      <p className="small" role="status">
        {status === 'done' ? 'Your data has been downloaded.' : null}
      </p>
      {status === 'error' ? (
        <p className="form-error" role="alert">
          Your data could not be downloaded: {error}
        </p>
      ) : null}
    </section>
  );
}
