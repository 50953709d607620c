import { useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_AXIS_TICK, ChartCard } from '../../../components/chart-card';
import { PageHeader } from '../../../components/page-header';
import { SectionErrorBoundary } from '../../../components/section-error-boundary';
import { PageLoading } from '../../../components/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SIGNUP_ERRORS_PAGE, useSignupErrors } from '../api/get-signup-errors';
import { adminLastDays, type AdminRange } from '../lib/admin-range';
import { AdminRangePicker } from './admin-range-picker';

const timeFormatter = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** /admin/signup-errors: sign-up failures per day and stage, and the list (newest first), with a date filter. */
export function SignupErrorsPage() {
  useDocumentTitle('Sign-up errors');
  const [range, setRangeState] = useState(() => adminLastDays(30));
  const [offset, setOffset] = useState(0);
  const errors = useSignupErrors(range, offset);
  const setRange = (next: AdminRange) => {
    setRangeState(next);
    setOffset(0);
  };
  const list = errors.data?.errors;
  const perDay = useMemo(() => {
    const counts = new Map<string, number>();
    for (const e of list ?? []) counts.set(e.occurredAt.slice(0, 10), (counts.get(e.occurredAt.slice(0, 10)) ?? 0) + 1);
    return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, count]) => ({ day, count }));
  }, [list]);
  const byStage = useMemo(() => {
    const counts = new Map<string, number>();
    for (const e of list ?? []) counts.set(e.stage, (counts.get(e.stage) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1]);
  }, [list]);

  return (
    <div className="page page--wide">
      <PageHeader
        eyebrow="Admin"
        title="Sign-up errors"
        subtitle="Where account creation fails."
        actions={<AdminRangePicker value={range} onChange={setRange} />}
      />
      <SectionErrorBoundary name="signup-errors">
        {errors.isPending ? (
          <PageLoading label="Loading errors…" />
        ) : errors.isError ? (
          <p className="form-error" role="alert">
            Sign-up errors could not be loaded: {errors.error.message}
          </p>
        ) : (
          <>
            <div className="stat-grid">
              <div className="stat-card">
                <span className="stat-card__value">{errors.data.total}</span>
                <span className="stat-card__label">errors in range</span>
              </div>
              {byStage.slice(0, 3).map(([stage, count]) => (
                <div key={stage} className="stat-card">
                  <span className="stat-card__value">{count}</span>
                  <span className="stat-card__label">{stage}</span>
                  <span className="stat-card__hint">on this page</span>
                </div>
              ))}
            </div>
            <div className="chart-grid" style={{ marginBottom: 24 }}>
              <ChartCard title="Errors per day" summary={`${errors.data.total} errors in range`} wide>
                {perDay.length === 0 ? (
                  <p className="muted chart-empty">No sign-up errors in this range.</p>
                ) : (
                  <ResponsiveContainer width="100%" height={220}>
                    <BarChart data={perDay} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
                      <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#eef2f7" />
                      <XAxis dataKey="day" tick={CHART_AXIS_TICK} tickLine={false} axisLine={false} />
                      <YAxis allowDecimals={false} tick={CHART_AXIS_TICK} tickLine={false} axisLine={false} />
                      <Tooltip />
                      <Bar
                        isAnimationActive={false}
                        dataKey="count"
                        name="Errors"
                        fill="#ef4444"
                        radius={[6, 6, 0, 0]}
                      />
                    </BarChart>
                  </ResponsiveContainer>
                )}
              </ChartCard>
            </div>
            <div className="card table-scroll">
              <table className="data-table">
                <caption className="visually-hidden">Sign-up errors, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Stage</th>
                    <th scope="col">Email</th>
                    <th scope="col">Message</th>
                    <th scope="col">Path</th>
                  </tr>
                </thead>
                <tbody>
                  {errors.data.errors.map((e) => (
                    <tr key={e.eventId}>
                      <td>{timeFormatter.format(new Date(e.occurredAt))}</td>
                      <td>
                        <span className="pill">{e.stage}</span>
                        {e.code ? <span className="muted small"> {e.code}</span> : null}
                      </td>
                      <td>{e.email ?? '—'}</td>
                      <td>{e.message}</td>
                      <td>{e.path ? <code>{e.path}</code> : '—'}</td>
                    </tr>
                  ))}
                  {errors.data.errors.length === 0 ? (
                    <tr>
                      <td colSpan={5} className="muted">
                        No errors recorded in this range.
                      </td>
                    </tr>
                  ) : null}
                </tbody>
              </table>
            </div>
            <div className="pager">
              <button
                type="button"
                className="button button--secondary button--sm"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - SIGNUP_ERRORS_PAGE))}
              >
                Newer
              </button>
              <span className="muted small">
                {errors.data.total === 0 ? 0 : offset + 1}–{offset + errors.data.errors.length} of {errors.data.total}
              </span>
              <button
                type="button"
                className="button button--secondary button--sm"
                disabled={offset + SIGNUP_ERRORS_PAGE >= errors.data.total}
                onClick={() => setOffset(offset + SIGNUP_ERRORS_PAGE)}
              >
                Older
              </button>
            </div>
          </>
        )}
      </SectionErrorBoundary>
    </div>
  );
}
