import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { UserMetrics } from '@stride/domain/analytics/user-metrics';
import { CHART_AXIS_TICK, ChartCard } from '../../../components/chart-card';
import type { DayPoint } from '../lib/series';

/**
 * Series colours. No two series of one chart share a hue family (the AI bars were violet next to indigo
 * tasks, the two purple series were hard to tell apart); each also has a non-colour cue (a hatch
 * pattern, a dashed line or dots) and every chart has a legend.
 */
const COLORS = {
  indigo: '#4f46e5',
  violet: '#8b5cf6',
  emerald: '#10b981',
  amber: '#f59e0b',
  sky: '#0ea5e9',
  rose: '#f43f5e',
  slate: '#cbd5e1',
  slateDark: '#64748b',
};
const tooltipStyle = {
  borderRadius: 10,
  border: '1px solid #e2e8f0',
  boxShadow: '0 8px 24px rgba(15,23,42,.08)',
  fontSize: 13,
};

export function DailyActivityChart({ points }: { readonly points: readonly DayPoint[] }) {
  const tasks = points.reduce((s, p) => s + p.tasksCompleted, 0);
  return (
    <ChartCard
      title="Daily activity"
      subtitle="Tasks completed and goals created per day"
      summary={`${tasks} tasks completed over ${points.length} days`}
      wide
    >
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={[...points]} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          <defs>
            <pattern id="ai-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width="6" height="6" fill={COLORS.amber} fillOpacity={0.35} />
              <line x1="0" y1="0" x2="0" y2="6" stroke={COLORS.amber} strokeWidth={3} />
            </pattern>
          </defs>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#eef2f7" />
          <XAxis dataKey="label" tick={CHART_AXIS_TICK} tickLine={false} axisLine={false} minTickGap={16} />
          <YAxis allowDecimals={false} tick={CHART_AXIS_TICK} tickLine={false} axisLine={false} />
          <Tooltip contentStyle={tooltipStyle} cursor={{ fill: 'rgba(99,102,241,.06)' }} />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Bar
            isAnimationActive={false}
            dataKey="tasksCompleted"
            name="Tasks completed"
            fill={COLORS.indigo}
            radius={[6, 6, 0, 0]}
          />
          <Bar
            isAnimationActive={false}
            dataKey="goalsCreated"
            name="Goals created"
            fill={COLORS.emerald}
            radius={[6, 6, 0, 0]}
          />
          <Bar
            isAnimationActive={false}
            dataKey="aiGenerationsUsed"
            name="AI breakdowns"
            fill="url(#ai-hatch)"
            stroke={COLORS.amber}
            strokeWidth={1.5}
            radius={[6, 6, 0, 0]}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function ProductivityTrendChart({ points }: { readonly points: readonly DayPoint[] }) {
  const last = points[points.length - 1];
  return (
    <ChartCard
      title="Productivity trend"
      subtitle="Daily score (0–100) and 7-day average"
      summary={`Latest 7-day average productivity ${last?.productivityAvg ?? 0}`}
    >
      <ResponsiveContainer width="100%" height={240}>
        <LineChart data={[...points]} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#eef2f7" />
          <XAxis dataKey="label" tick={CHART_AXIS_TICK} tickLine={false} axisLine={false} minTickGap={20} />
          <YAxis domain={[0, 100]} tick={CHART_AXIS_TICK} tickLine={false} axisLine={false} />
          <Tooltip contentStyle={tooltipStyle} />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Line
            isAnimationActive={false}
            type="monotone"
            dataKey="productivityScore"
            name="Daily score"
            stroke={COLORS.slateDark}
            strokeWidth={1.5}
            strokeDasharray="4 4"
            dot={{ r: 2.5, fill: COLORS.slateDark, strokeWidth: 0 }}
          />
          <Line
            isAnimationActive={false}
            type="monotone"
            dataKey="productivityAvg"
            name="7-day average"
            stroke={COLORS.indigo}
            strokeWidth={3}
            dot={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function EngagementTrendChart({ points }: { readonly points: readonly DayPoint[] }) {
  const last = points[points.length - 1];
  return (
    <ChartCard
      title="Engagement trend"
      subtitle="Engagement score and minutes in Stride"
      summary={`Latest engagement score ${last?.engagement ?? 0}`}
    >
      <ResponsiveContainer width="100%" height={240}>
        <AreaChart data={[...points]} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          <defs>
            <linearGradient id="engagement-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={COLORS.violet} stopOpacity={0.35} />
              <stop offset="100%" stopColor={COLORS.violet} stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#eef2f7" />
          <XAxis dataKey="label" tick={CHART_AXIS_TICK} tickLine={false} axisLine={false} minTickGap={20} />
          <YAxis tick={CHART_AXIS_TICK} tickLine={false} axisLine={false} />
          <Tooltip contentStyle={tooltipStyle} />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Area
            isAnimationActive={false}
            type="monotone"
            dataKey="engagement"
            name="Engagement"
            stroke={COLORS.violet}
            strokeWidth={2.5}
            fill="url(#engagement-fill)"
          />
          <Area
            isAnimationActive={false}
            type="monotone"
            dataKey="sessionDuration"
            name="Minutes in Stride"
            stroke={COLORS.sky}
            strokeWidth={2}
            strokeDasharray="5 3"
            fillOpacity={0}
          />
        </AreaChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function CompletionRatesChart({ metrics }: { readonly metrics: UserMetrics }) {
  const data = [
    { name: 'Tasks', rate: Math.round(metrics.taskCompletionRate * 100) },
    { name: 'Goals', rate: Math.round(metrics.goalCompletionRate * 100) },
  ];
  const goals = [
    { name: 'Completed', value: metrics.completedGoals, color: COLORS.emerald },
    { name: 'Abandoned', value: metrics.abandonedGoals, color: COLORS.rose },
  ].filter((g) => g.value > 0);
  return (
    <ChartCard
      title="Completion rates"
      subtitle="Share of tasks and goals you finish"
      summary={`Task completion ${data[0]!.rate}%, goal completion ${data[1]!.rate}%`}
    >
      <div className="completion-charts">
        <ResponsiveContainer width="100%" height={200}>
          <BarChart data={data} layout="vertical" margin={{ top: 8, right: 24, left: 8, bottom: 0 }}>
            <XAxis type="number" domain={[0, 100]} tick={CHART_AXIS_TICK} tickLine={false} axisLine={false} unit="%" />
            <YAxis type="category" dataKey="name" tick={CHART_AXIS_TICK} tickLine={false} axisLine={false} width={48} />
            <Tooltip contentStyle={tooltipStyle} formatter={(v) => `${v}%`} />
            <Bar isAnimationActive={false} dataKey="rate" name="Completion" radius={[0, 8, 8, 0]}>
              {data.map((d) => (
                <Cell key={d.name} fill={d.rate >= 80 ? COLORS.emerald : d.rate >= 50 ? COLORS.indigo : COLORS.amber} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
        {goals.length > 0 ? (
          <ResponsiveContainer width="100%" height={200}>
            <PieChart>
              <Pie
                isAnimationActive={false}
                data={goals}
                dataKey="value"
                nameKey="name"
                innerRadius={48}
                outerRadius={72}
                paddingAngle={3}
              >
                {goals.map((g) => (
                  <Cell key={g.name} fill={g.color} />
                ))}
              </Pie>
              <Tooltip contentStyle={tooltipStyle} />
              <Legend wrapperStyle={{ fontSize: 13 }} />
            </PieChart>
          </ResponsiveContainer>
        ) : (
          <p className="muted small chart-empty">Finish or set aside a goal to see the split here.</p>
        )}
      </div>
    </ChartCard>
  );
}
