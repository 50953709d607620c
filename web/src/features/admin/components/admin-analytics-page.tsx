import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { SectionErrorBoundary } from '../../../components/section-error-boundary';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { adminLastDays } from '../lib/admin-range';
import { AdminRangePicker } from './admin-range-picker';
import { AttributionReport } from './attribution-report';
import { FunnelChart, FunnelReport } from './funnel-report';

/** /admin/analytics: funnel and attribution, as charts and tables, with a date filter. */
export function AdminAnalyticsPage() {
  useDocumentTitle('Admin analytics');
  const [range, setRange] = useState(() => adminLastDays(30));
  return (
    <div className="page page--wide">
      <PageHeader
        eyebrow="Admin"
        title="Funnel & attribution"
        actions={<AdminRangePicker value={range} onChange={setRange} />}
      />
      <SectionErrorBoundary name="admin-funnel-chart">
        <div className="chart-grid" style={{ marginBottom: 24 }}>
          <FunnelChart range={range} />
        </div>
      </SectionErrorBoundary>
      <SectionErrorBoundary name="admin-funnel">
        <FunnelReport range={range} allowBreakdown />
      </SectionErrorBoundary>
      <h2 className="section-title">Attribution</h2>
      <SectionErrorBoundary name="admin-attribution">
        <AttributionReport range={range} />
      </SectionErrorBoundary>
    </div>
  );
}
