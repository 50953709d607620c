import { useCallback, useEffect, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { apiClient } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { runCheck, type CheckResult } from '../api/run-check';

const CHECKS = [
  { name: 'API health', path: '/health' },
  { name: 'Public configuration', path: '/config' },
  { name: 'User record', path: '/user/get-user-data-simple' },
  { name: 'Preferences', path: '/user/get-user-data' },
  { name: 'Goals list', path: '/goals/list' },
  { name: 'Collections', path: '/collections' },
  { name: 'Plans', path: '/plans' },
] as const;

/** /test-integration: checks each API the app depends on and shows the results. */
export function TestIntegrationPage() {
  useDocumentTitle('Integration check');
  const [results, setResults] = useState<CheckResult[]>([]);
  const [running, setRunning] = useState(false);

  const run = useCallback(async () => {
    setRunning(true);
    const out: CheckResult[] = [];
    for (const check of CHECKS) {
      out.push(await runCheck(check.name, check.path));
      setResults([...out]);
    }
    setRunning(false);
  }, []);

  useEffect(() => {
    void run();
  }, [run]);

  const passed = results.filter((r) => r.ok).length;
  return (
    <div className="page">
      <PageHeader
        eyebrow="Diagnostics"
        title="Integration check"
        subtitle={running ? 'Running checks…' : `${passed} of ${results.length} checks passed`}
        actions={
          <button type="button" className="button button--secondary" onClick={() => void run()} disabled={running}>
            Run again
          </button>
        }
      />
      <div className="card">
        <table className="data-table">
          <caption className="visually-hidden">API checks</caption>
          <thead>
            <tr>
              <th scope="col">Check</th>
              <th scope="col">Endpoint</th>
              <th scope="col">Result</th>
              <th scope="col" className="num">
                Time
              </th>
            </tr>
          </thead>
          <tbody>
            {results.map((r) => (
              <tr key={r.path}>
                <td>{r.name}</td>
                <td>
                  <code>GET /api{r.path}</code>
                </td>
                <td>
                  <span className={`pill ${r.ok ? 'pill--active' : 'pill--past_due'}`}>{r.ok ? 'OK' : 'Failed'}</span>{' '}
                  <span className="muted small">{r.detail}</span>
                </td>
                <td className="num">{r.ms} ms</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted small">
        Request signing: {apiClient.signingActive ? 'on' : 'off'} · last read-your-writes position:{' '}
        {apiClient.lastPosition ?? 'none yet'}
      </p>
    </div>
  );
}
