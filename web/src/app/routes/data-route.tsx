import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CalendarFeedCard } from '../../features/planner/components/calendar-feed-card';
import { ExchangeCard } from '../../features/planner/components/exchange-card';

/** /data: export everything (JSON, CSV), import a Stride export or a Todoist CSV, the calendar feed. */
export default function DataRoute() {
  useDocumentTitle('Export and import');
  return (
    <div className="page">
      <PageHeader title="Export and import" subtitle="Take your plans anywhere, or bring them here." />
      <ExchangeCard />
      <CalendarFeedCard />
    </div>
  );
}
