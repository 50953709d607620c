import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_AXIS_TICK, ChartCard } from '../../../components/chart-card';
import { PageLoading } from '../../../components/spinner';
import { useFunnel, type FunnelBreakdown, type FunnelStep } from '../api/get-funnel';
import { percent, type AdminRange } from '../lib/admin-range';

const BREAKDOWNS: readonly { value: FunnelBreakdown; label: string }[] = [
  { value: 'none', label: 'No breakdown' },
  { value: 'channel', label: 'Acquisition channel' },
  { value: 'utm_source', label: 'UTM source' },
  { value: 'utm_campaign', label: 'UTM campaign' },
];

function FunnelBars({ steps }: { readonly steps: readonly FunnelStep[] }) {
  const top = Math.max(1, ...steps.map((s) => s.users));
  return (
    <div className="funnel" aria-hidden="true">
      {steps.map((s) => (
        <div key={s.id} className="funnel__row">
          <span>{s.label}</span>
          <span className="funnel__bar-cell">
            <span className="funnel__bar" style={{ display: 'block', width: `${(s.users / top) * 100}%` }} />
          </span>
          <span className="muted small">
            {s.users} · {percent(s.conversionFromStart)}
          </span>
        </div>
      ))}
    </div>
  );
}

/** The conversion funnel as bars and a table, optionally broken down. */
export function FunnelReport({
  range,
  allowBreakdown = false,
}: {
  readonly range: AdminRange;
  readonly allowBreakdown?: boolean;
}) {
  const id = useId();
  const [breakdown, setBreakdown] = useState<FunnelBreakdown>('none');
  const funnel = useFunnel(range, breakdown);
  return (
    <section className="card card--padded" aria-labelledby={`${id}-title`} data-testid="admin-funnel">
      <div className="card__header-row">
        <div>
          <h2 id={`${id}-title`} className="card__title">
            Conversion funnel
          </h2>
          <p className="card__subtitle">
            From a landing page view in the range, within a 7-day conversion window. A signed-out visit counts for the
            account later created in that browser.
          </p>
        </div>
        {allowBreakdown ? (
          <div className="field field--inline">
            <label htmlFor={`${id}-breakdown`}>Break down by</label>
            <select
              id={`${id}-breakdown`}
              value={breakdown}
              onChange={(e) => setBreakdown(e.target.value as FunnelBreakdown)}
            >
              {BREAKDOWNS.map((b) => (
                <option key={b.value} value={b.value}>
                  {b.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {funnel.isPending ? (
        <PageLoading label="Loading funnel…" />
      ) : funnel.isError ? (
        <p className="form-error" role="alert">
          Funnel could not be loaded: {funnel.error.message}
        </p>
      ) : (
        <>
          <FunnelBars steps={funnel.data.total} />
          <div className="table-scroll">
            <table className="data-table">
              <caption className="visually-hidden">Funnel steps</caption>
              <thead>
                <tr>
                  <th scope="col">Step</th>
                  <th scope="col" className="num">
                    Users
                  </th>
                  <th scope="col" className="num">
                    From previous
                  </th>
                  <th scope="col" className="num">
                    From start
                  </th>
                </tr>
              </thead>
              <tbody>
                {funnel.data.total.map((s) => (
                  <tr key={s.id}>
                    <td>{s.label}</td>
                    <td className="num">{s.users}</td>
                    <td className="num">{percent(s.conversionFromPrevious)}</td>
                    <td className="num">{percent(s.conversionFromStart)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {funnel.data.groups.length > 0 ? (
            <div className="table-scroll funnel-groups">
              <table className="data-table">
                <caption className="funnel-groups__caption">
                  Users per step, by {BREAKDOWNS.find((b) => b.value === breakdown)?.label.toLowerCase()}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Group</th>
                    {funnel.data.total.map((s) => (
                      <th key={s.id} scope="col" className="num">
                        {s.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {funnel.data.groups.map((group) => (
                    <tr key={group.key}>
                      <td>{group.key || '(none)'}</td>
                      {group.steps.map((s) => (
                        <td key={s.id} className="num">
                          {s.users}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

export function FunnelChart({ range }: { readonly range: AdminRange }) {
  const funnel = useFunnel(range);
  if (!funnel.data) return null;
  return (
    <ChartCard
      title="Users per funnel step"
      summary={funnel.data.total.map((s) => `${s.label}: ${s.users}`).join(', ')}
      wide
    >
      {/* Bars run sideways, one step a row: seven step names side by side under the bars overlap on a phone. */}
      <ResponsiveContainer width="100%" height={funnel.data.total.length * 36 + 32}>
        <BarChart data={funnel.data.total} layout="vertical" margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="#eef2f7" />
          <XAxis type="number" allowDecimals={false} tick={CHART_AXIS_TICK} tickLine={false} axisLine={false} />
          <YAxis
            type="category"
            dataKey="label"
            width={140}
            tick={CHART_AXIS_TICK}
            tickLine={false}
            axisLine={false}
            interval={0}
          />
          <Tooltip cursor={{ fill: 'rgba(99,102,241,.06)' }} />
          <Bar isAnimationActive={false} dataKey="users" name="Users" fill="#6366f1" radius={[0, 6, 6, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
