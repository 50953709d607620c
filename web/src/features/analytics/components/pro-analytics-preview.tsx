import { useUpgradeDialog } from '../../../lib/upgrade-dialog';
import { useUserMetricsSimple } from '../api/get-user-metrics-simple';
import { Icon } from '../../../components/icon';

const WHAT_YOU_GET = [
  {
    icon: 'trendingUp' as const,
    title: 'Productivity trend',
    text: 'Your daily productivity score with a 7-day average, so you see progress, not noise.',
  },
  {
    icon: 'flame' as const,
    title: 'Streaks',
    text: 'How many days in a row you have shown up — and a nudge before you break it.',
  },
  {
    icon: 'checkCircle' as const,
    title: 'Completion rates',
    text: 'The share of tasks and goals you finish, with tips when tasks are too big.',
  },
  {
    icon: 'clock' as const,
    title: 'Most productive hour',
    text: 'When you actually get things done, so you can protect that time.',
  },
  {
    icon: 'lightbulb' as const,
    title: 'Personal insights',
    text: 'Concrete suggestions based on how you work, updated every day.',
  },
  {
    icon: 'calendar' as const,
    title: 'Any date range',
    text: 'Look back over the last week, month or quarter — or any dates you choose.',
  },
];

/** What non-pro users see on /analytics: what the dashboard offers and the way to upgrade. */
export function ProAnalyticsPreview({ userId }: { readonly userId: string }) {
  const { openUpgradeDialog } = useUpgradeDialog();
  const teaser = useUserMetricsSimple(userId);
  return (
    <section className="pro-preview" aria-labelledby="pro-preview-title" data-testid="analytics-upgrade">
      <div className="pro-preview__intro">
        <span className="pro-tag pro-tag--lg">PRO</span>
        <h2 id="pro-preview-title">See how you work best</h2>
        <p>
          Pro analytics turn your goals and tasks into clear trends and personal insights. Upgrade to unlock your
          dashboard.
        </p>
        {teaser.data ? (
          <p className="pro-preview__teaser">
            So far you complete <strong>{Math.round(teaser.data.taskCompletionRate * 100)}%</strong> of your tasks and
            have a <strong>{teaser.data.dailyActiveStreak}-day</strong> streak. Pro shows you how to improve both.
          </p>
        ) : null}
        <button
          type="button"
          className="button button--primary button--lg"
          onClick={() => openUpgradeDialog('general')}
        >
          Upgrade to unlock analytics
        </button>
      </div>
      <div className="pro-preview__grid">
        {WHAT_YOU_GET.map((item) => (
          <div key={item.title} className="feature feature--compact">
            <span className="feature__icon" aria-hidden="true">
              <Icon name={item.icon} size={22} />
            </span>
            <h3 className="feature__title">{item.title}</h3>
            <p className="feature__text">{item.text}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
