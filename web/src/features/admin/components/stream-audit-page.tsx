import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { SectionErrorBoundary } from '../../../components/section-error-boundary';
import { PageLoading } from '../../../components/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { AuditEvent, StateChange } from '@stride/domain/contracts/audit';
import { parseStreamId, streamCategories } from '@stride/domain/stream-ids';
import { HISTORY_LIMIT, useStreamHistory, useStreamPoint } from '../api/get-stream-history';
import './stream-audit-page.css';

const timeFormatter = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
const formatTime = (iso: string) => timeFormatter.format(new Date(iso));
const json = (value: unknown) => JSON.stringify(value, null, 2) ?? 'undefined';
const short = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
};

const KINDS = streamCategories.join(', ');
const category = (streamId: string) => {
  try {
    return parseStreamId(streamId).category;
  } catch {
    return null;
  }
};

/**
 * What to do about a stream with no events: an id that is not a stream id (no kind before it, as a bare
 * user id usr_… is) is told how stream ids are made; a well-made one is told nothing was recorded under it.
 */
function NoEvents({ streamId }: { readonly streamId: string }) {
  const kind = category(streamId);
  if (kind === null) {
    return (
      <div className="notice notice--info" role="status" data-testid="audit-no-events">
        <p>
          “{streamId}” is not a stream id: a stream id starts with its kind and a dash ({KINDS}).
          {streamId.startsWith('usr_') ? (
            <>
              {' '}
              This looks like a user id: open <Link to={`?stream=user-${streamId}`}>user-{streamId}</Link>.
            </>
          ) : null}
        </p>
      </div>
    );
  }
  return (
    <div className="notice notice--info" role="status" data-testid="audit-no-events">
      <p>
        Nothing was ever recorded under {streamId}: no {kind} has that id. Check the id for a typo, or open another
        stream.
      </p>
    </div>
  );
}

/** /admin/audit?stream=goal-…: a stream's history, event by event, with the state and what changed. */
export function StreamAuditPage() {
  useDocumentTitle('Stream audit');
  const [params, setParams] = useSearchParams();
  const streamId = params.get('stream') ?? '';
  const [draft, setDraft] = useState(streamId);
  useEffect(() => setDraft(streamId), [streamId]);

  const open = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    setParams(next === '' ? {} : { stream: next });
  };

  return (
    <div className="page page--wide">
      <PageHeader
        eyebrow="Admin"
        title="Stream audit"
        subtitle="Step through a stream's events and see the state after each one, folded by the same deciders the commands use."
      />
      <form className="card card--padded stream-audit__open" onSubmit={open} role="search">
        <label htmlFor="stream-id" className="stream-audit__open-label">
          Stream id
        </label>
        <div className="stream-audit__open-row">
          <input
            id="stream-id"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="goal-…, user-…, collection-…, usage-…, billing-…"
            autoComplete="off"
            spellCheck={false}
          />
          <button type="submit" className="button button--primary">
            Open
          </button>
        </div>
      </form>
      {streamId === '' ? (
        <p className="muted">{`Enter a stream id to see its history: its kind, a dash and the id, as in goal-{goal id} or user-{user id}. The kinds are ${KINDS}.`}</p>
      ) : (
        <SectionErrorBoundary name="stream-audit">
          <StreamHistoryView key={streamId} streamId={streamId} />
        </SectionErrorBoundary>
      )}
    </div>
  );
}

function StreamHistoryView({ streamId }: { readonly streamId: string }) {
  const history = useStreamHistory(streamId);
  const [selected, setSelected] = useState<number | null>(null);
  const events = history.data?.events ?? [];
  const index = selected ?? events.length - 1;
  const event = events[index];
  const previous = index > 0 ? events[index - 1] : undefined;
  const point = useStreamPoint(streamId, event?.globalPosition ?? null, previous?.globalPosition ?? 0);

  if (history.isPending) return <PageLoading label="Loading the stream…" />;
  if (history.isError) {
    return (
      <p className="form-error" role="alert">
        {history.error.message === 'Stream not found' ? `No stream ${streamId}.` : history.error.message}
      </p>
    );
  }
  if (!event) return <NoEvents streamId={streamId} />;

  const go = (next: number) => setSelected(Math.min(events.length - 1, Math.max(0, next)));
  const label = `Event ${index + 1} of ${events.length}: ${event.type}`;
  const diff = point.data?.diff;
  const state = point.data?.state;

  return (
    <div className="stream-audit">
      <div className="card card--padded stream-audit__scrubber">
        <div className="stream-audit__scrubber-row">
          {/* aria-disabled, not disabled, at either end: a disabled button loses the keyboard focus to the page. */}
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => go(index - 1)}
            aria-disabled={index === 0}
          >
            ← Previous
          </button>
          <input
            type="range"
            className="stream-audit__slider"
            min={1}
            max={events.length}
            step={1}
            value={index + 1}
            onChange={(e) => go(Number(e.target.value) - 1)}
            aria-label="Position in the stream's history"
            aria-valuetext={label}
          />
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => go(index + 1)}
            aria-disabled={index === events.length - 1}
          >
            Next →
          </button>
        </div>
        <p className="stream-audit__where" aria-live="polite" data-testid="audit-position">
          <strong>{label}</strong>
          <span className="muted small">
            {' '}
            · version {event.streamVersion} · position {event.globalPosition} · {formatTime(event.recordedAt)}
          </span>
        </p>
        {history.data.nextAfterVersion !== null ? (
          <p className="muted small">
            Showing the first {HISTORY_LIMIT} of {history.data.version} events.
          </p>
        ) : null}
      </div>

      <div className="stream-audit__grid">
        <section className="card card--padded stream-audit__history" aria-labelledby="audit-history-title">
          <h2 id="audit-history-title" className="card__title">
            History
          </h2>
          <ol className="stream-audit__events">
            {events.map((e, i) => (
              <li key={e.eventId}>
                <button
                  type="button"
                  className={`stream-audit__event${i === index ? ' stream-audit__event--selected' : ''}`}
                  aria-current={i === index ? 'step' : undefined}
                  onClick={() => go(i)}
                >
                  <span className="stream-audit__version">v{e.streamVersion}</span>
                  <span className="stream-audit__type">{e.type}</span>
                  <span className="muted small">{formatTime(e.recordedAt)}</span>
                </button>
              </li>
            ))}
          </ol>
        </section>

        <section className="card card--padded" aria-labelledby="audit-event-title">
          <h2 id="audit-event-title" className="card__title">
            {event.type}
          </h2>
          <EventDetails event={event} />
        </section>

        <section className="card card--padded" aria-labelledby="audit-changes-title" data-testid="audit-changes">
          <h2 id="audit-changes-title" className="card__title">
            {previous ? `Changes since v${previous.streamVersion}` : 'Changes since the stream began'}
          </h2>
          {point.isError ? (
            <p className="form-error" role="alert">
              {point.error.message}
            </p>
          ) : diff ? (
            <ChangeList changes={diff.changes} />
          ) : (
            <p className="muted">Loading…</p>
          )}
        </section>

        <section className="card card--padded" aria-labelledby="audit-state-title" data-testid="audit-state">
          <h2 id="audit-state-title" className="card__title">
            State after v{event.streamVersion}
          </h2>
          {state ? (
            <pre className="stream-audit__json" tabIndex={0} aria-label={`State after version ${state.version}`}>
              {json(state.state)}
            </pre>
          ) : point.isError ? null : (
            <p className="muted">Loading…</p>
          )}
        </section>
      </div>
    </div>
  );
}

function EventDetails({ event }: { readonly event: AuditEvent }) {
  const metadata = event.metadata;
  return (
    <>
      <dl className="detail-list stream-audit__meta">
        <div>
          <dt>By</dt>
          <dd>{String(metadata.userId ?? '—')}</dd>
        </div>
        <div>
          <dt>Recorded</dt>
          <dd>{formatTime(event.recordedAt)}</dd>
        </div>
        <div>
          <dt>Schema</dt>
          <dd>
            v{event.schemaVersion}
            {event.decoded && event.decoded.schemaVersion !== event.schemaVersion
              ? ` (read as v${event.decoded.schemaVersion})`
              : ''}
          </dd>
        </div>
      </dl>
      {event.decoded ? (
        <pre className="stream-audit__json" tabIndex={0} aria-label="Decoded event data">
          {json(event.decoded.data)}
        </pre>
      ) : (
        <>
          <p className="form-error">Cannot decode: {event.decodeError}</p>
          <pre className="stream-audit__json" tabIndex={0} aria-label="Stored event data">
            {json(event.data)}
          </pre>
        </>
      )}
    </>
  );
}

function ChangeList({ changes }: { readonly changes: readonly StateChange[] }) {
  if (changes.length === 0) return <p className="muted">No change to the state.</p>;
  return (
    <ul className="stream-audit__changes">
      {changes.map((change) => (
        <li
          key={`${change.kind}:${change.path}`}
          className={`stream-audit__change stream-audit__change--${change.kind}`}
        >
          <span className="pill">{change.kind}</span> <code>{change.path === '' ? '(whole state)' : change.path}</code>
          <div className="stream-audit__values">
            {change.kind !== 'added' ? <del>{short(change.before)}</del> : null}
            {change.kind === 'changed' ? ' → ' : null}
            {change.kind !== 'removed' ? <ins>{short(change.after)}</ins> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
