import { useState } from 'react';
import { issueCalendarFeed, revokeCalendarFeed } from '../api/exchange';

/**
 * The private calendar feed: a secret URL any calendar app can subscribe to, showing dated tasks. The URL
 * is shown once; making a new one (or stopping the feed) turns the old one off.
 */
export function CalendarFeedCard() {
  const [url, setUrl] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<{ url: string | null }>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      setUrl((await work()).url);
      setMessage(done);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card card--padded" aria-labelledby="calendar-feed-title">
      <h2 id="calendar-feed-title" className="card__title">
        Calendar feed
      </h2>
      <p className="muted">
        Subscribe from Google Calendar, Apple Calendar or Outlook to see your planned and due tasks. Keep the link
        private: anyone with it can read those tasks.
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void run(issueCalendarFeed, 'New calendar link made. Any older link no longer works.')}
        >
          {url ? 'Make a new link' : 'Make a calendar link'}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          onClick={() => void run(revokeCalendarFeed, 'The calendar feed is off.')}
        >
          Turn the feed off
        </button>
      </div>
      {url ? (
        <div className="field">
          <label htmlFor="calendar-feed-url">Your calendar link (shown once: copy it now)</label>
          <input id="calendar-feed-url" type="text" readOnly value={url} onFocus={(event) => event.target.select()} />
        </div>
      ) : null}
      <p className="small" role="status">
        {message}
      </p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
