import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART_AXIS_TICK, ChartCard } from '../../../components/chart-card';
import { PageLoading } from '../../../components/spinner';
import { useAttribution } from '../api/get-attribution';
import { percent, type AdminRange } from '../lib/admin-range';

const COLORS = ['#6366f1', '#0ea5e9', '#10b981', '#f59e0b', '#ef4444', '#ec4899', '#64748b'];
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function AttributionReport({ range }: { readonly range: AdminRange }) {
  const attribution = useAttribution(range);
  if (attribution.isPending) return <PageLoading label="Loading attribution…" />;
  if (attribution.isError)
    return (
      <p className="form-error" role="alert">
        Attribution could not be loaded: {attribution.error.message}
      </p>
    );
  const rows = [...attribution.data.channels].sort((a, b) => b.signups - a.signups);
  const totals = attribution.data.totals;
  return (
    <div data-testid="admin-attribution">
      <div className="chart-grid">
        <ChartCard
          title="Sign-ups by channel"
          summary={rows.map((r) => `${r.channel}: ${r.signups}`).join(', ') || 'No sign-ups'}
        >
          {totals.signups === 0 ? (
            <p className="muted chart-empty">No sign-ups in this range.</p>
          ) : (
            <ResponsiveContainer width="100%" height={260}>
              <PieChart>
                <Pie
                  isAnimationActive={false}
                  data={rows}
                  dataKey="signups"
                  nameKey="channel"
                  innerRadius={60}
                  outerRadius={95}
                  paddingAngle={2}
                >
                  {rows.map((r, i) => (
                    <Cell key={r.channel} fill={COLORS[i % COLORS.length]} />
                  ))}
                </Pie>
                <Tooltip />
                <Legend wrapperStyle={{ fontSize: 13 }} />
              </PieChart>
            </ResponsiveContainer>
          )}
        </ChartCard>
        <ChartCard
          title="Activation and conversion by channel"
          summary={rows.map((r) => `${r.channel}: ${percent(r.conversionRate)} paid`).join(', ') || 'No data'}
        >
          {/* One channel a row, bars sideways: seven channel names side by side overlap on a phone. */}
          <ResponsiveContainer width="100%" height={rows.length * 40 + 64}>
            <BarChart
              data={rows.map((r) => ({
                channel: r.channel,
                activation: Math.round(r.activationRate * 100),
                conversion: Math.round(r.conversionRate * 100),
              }))}
              layout="vertical"
              margin={{ top: 8, right: 16, left: 0, bottom: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="#eef2f7" />
              <XAxis
                type="number"
                unit="%"
                allowDecimals={false}
                tick={CHART_AXIS_TICK}
                tickLine={false}
                axisLine={false}
              />
              <YAxis
                type="category"
                dataKey="channel"
                width={104}
                tick={CHART_AXIS_TICK}
                tickLine={false}
                axisLine={false}
                interval={0}
              />
              <Tooltip formatter={(v) => `${v}%`} cursor={{ fill: 'rgba(99,102,241,.06)' }} />
              <Legend wrapperStyle={{ fontSize: 13 }} />
              <Bar
                isAnimationActive={false}
                dataKey="activation"
                name="Activated"
                fill="#0ea5e9"
                radius={[0, 6, 6, 0]}
              />
              <Bar isAnimationActive={false} dataKey="conversion" name="Paid" fill="#10b981" radius={[0, 6, 6, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
      </div>
      <section className="card table-scroll attribution-table" aria-label="Channels">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Channel</th>
              <th scope="col" className="num">
                Sign-ups
              </th>
              <th scope="col" className="num">
                Activated
              </th>
              <th scope="col" className="num">
                Paid
              </th>
              <th scope="col" className="num">
                Conversion
              </th>
              <th scope="col" className="num">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.channel}>
                <td>{r.channel}</td>
                <td className="num">{r.signups}</td>
                <td className="num">
                  {r.activatedUsers} <span className="muted small">({percent(r.activationRate)})</span>
                </td>
                <td className="num">{r.paidConversions}</td>
                <td className="num">{percent(r.conversionRate)}</td>
                <td className="num">{money.format(r.revenueCents / 100)}</td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={6} className="muted">
                  No sign-ups in this range.
                </td>
              </tr>
            ) : null}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="num">{totals.signups}</td>
              <td className="num">{totals.activatedUsers}</td>
              <td className="num">{totals.paidConversions}</td>
              <td className="num">{percent(totals.conversionRate)}</td>
              <td className="num">{money.format(totals.revenueCents / 100)}</td>
            </tr>
          </tfoot>
        </table>
      </section>
    </div>
  );
}
