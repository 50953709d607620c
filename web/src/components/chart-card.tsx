import type { ReactNode } from 'react';

/** The tick labels of every chart's axes (recharts' `tick`): one size and colour across the app. */
export const CHART_AXIS_TICK = { fontSize: 12, fill: '#64748b' } as const;

/** A titled card around a chart; `summary` is a text alternative for screen readers. */
export function ChartCard({
  title,
  subtitle,
  summary,
  children,
  wide = false,
}: {
  readonly title: string;
  readonly subtitle?: string;
  readonly summary: string;
  readonly children: ReactNode;
  readonly wide?: boolean;
}) {
  return (
    <figure className={`chart-card${wide ? ' chart-card--wide' : ''}`}>
      <figcaption className="chart-card__caption">
        <span className="chart-card__title">{title}</span>
        {subtitle ? <span className="chart-card__subtitle">{subtitle}</span> : null}
      </figcaption>
      <div className="chart-card__chart" role="img" aria-label={summary}>
        {children}
      </div>
    </figure>
  );
}
