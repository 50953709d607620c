import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { SectionErrorBoundary } from '../../../components/section-error-boundary';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { adminLastDays } from '../lib/admin-range';
import { AdminRangePicker } from './admin-range-picker';
import { FunnelReport } from './funnel-report';

/** /admin: the funnel at a glance and links to the detailed reports. */
export function AdminOverviewPage() {
  useDocumentTitle('Admin');
  const [range, setRange] = useState(() => adminLastDays(30));
  return (
    <div className="page page--wide">
      <PageHeader
        eyebrow="Admin"
        title="Growth overview"
        subtitle="Sign-ups, activation and conversion."
        actions={<AdminRangePicker value={range} onChange={setRange} />}
      />
      <div className="admin-links">
        <Link to="/admin/analytics" className="admin-link">
          <h2>Funnel &amp; attribution →</h2>
          <p>Step-by-step conversion and where sign-ups come from.</p>
        </Link>
        <Link to="/admin/signup-errors" className="admin-link">
          <h2>Sign-up errors →</h2>
          <p>Failures during account creation, by stage and day.</p>
        </Link>
        <Link to="/admin/audit" className="admin-link">
          <h2>Stream audit →</h2>
          <p>Step through a goal's or a user's events and the state after each.</p>
        </Link>
      </div>
      <SectionErrorBoundary name="admin-funnel">
        <FunnelReport range={range} />
      </SectionErrorBoundary>
    </div>
  );
}
