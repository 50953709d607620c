import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { searchQuerySchema, type SearchQuery } from '@stride/domain/contracts/planner';
import type { GoalChoice } from '@stride/domain/quick-add/goal-match';
import { energyLevels } from '@stride/domain/tasks/energy-workflow';
import { taskStatusValues } from '@stride/domain/tasks/task-events';
import { PageHeader } from '../../../components/page-header';
import { formatDate, formatMinutes } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSearch } from '../api/search';

const FIELDS = ['q', 'goal_id', 'energy', 'status', 'from', 'to'] as const;
const ENERGY_WORDS: Record<(typeof energyLevels)[number], string> = { low: 'Low', medium: 'Medium', high: 'High' };
const STATUS_WORDS: Record<(typeof taskStatusValues)[number], string> = {
  todo: 'To do',
  in_progress: 'In progress',
  done: 'Done',
};

/** The query in the URL (so a search can be bookmarked and shared): only what parses is used. */
const queryOf = (params: URLSearchParams): SearchQuery => {
  const raw = Object.fromEntries(FIELDS.flatMap((field) => (params.get(field) ? [[field, params.get(field)]] : [])));
  const parsed = searchQuerySchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
};

export const goalLink = (goalId: string) => `/daily?goal=${encodeURIComponent(goalId)}`;

/** Search and filters over tasks and goals: text, goal, energy, status, do-date range; results are links. */
export function SearchPage({ goals }: { readonly goals: readonly GoalChoice[] }) {
  useDocumentTitle('Search');
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryOf(params), [params]);
  const results = useSearch(query);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const field of FIELDS) {
      const value = String(form.get(field) ?? '').trim();
      if (value !== '') next.set(field, value);
    }
    setParams(next);
  };

  return (
    <div className="page">
      <PageHeader title="Search" subtitle="Find tasks and goals by words, goal, energy, status or date." />
      <form className="card card--padded search-form" role="search" onSubmit={onSubmit} key={params.toString()}>
        <div className="field">
          <label htmlFor="search-q">Words</label>
          <input id="search-q" name="q" type="search" defaultValue={query.q ?? ''} autoFocus />
        </div>
        <div className="field-row">
          <div className="field">
            <label htmlFor="search-goal">Goal</label>
            <select id="search-goal" name="goal_id" defaultValue={query.goal_id ?? ''}>
              <option value="">Any goal</option>
              {goals.map((goal) => (
                <option key={goal.goalId} value={goal.goalId}>
                  {goal.title}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="search-energy">Energy</label>
            <select id="search-energy" name="energy" defaultValue={query.energy ?? ''}>
              <option value="">Any energy</option>
              {energyLevels.map((level) => (
                <option key={level} value={level}>
                  {ENERGY_WORDS[level]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="search-status">Status</label>
            <select id="search-status" name="status" defaultValue={query.status ?? ''}>
              <option value="">Any status</option>
              {taskStatusValues.map((status) => (
                <option key={status} value={status}>
                  {STATUS_WORDS[status]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="field-row">
          <div className="field">
            <label htmlFor="search-from">Planned from</label>
            <input id="search-from" name="from" type="date" defaultValue={query.from ?? ''} />
          </div>
          <div className="field">
            <label htmlFor="search-to">Planned to</label>
            <input id="search-to" name="to" type="date" defaultValue={query.to ?? ''} />
          </div>
        </div>
        <button type="submit" className="button button--primary">
          Search
        </button>
      </form>

      <section className="card card--padded" aria-labelledby="search-results-title" aria-busy={results.isFetching}>
        <h2 id="search-results-title" className="card__title">
          Results
        </h2>
        {results.isError ? (
          <p className="form-error" role="alert">
            {results.error.message}
          </p>
        ) : results.data ? (
          <>
            <p className="small" role="status">
              {results.data.tasks.length} {results.data.tasks.length === 1 ? 'task' : 'tasks'},{' '}
              {results.data.goals.length} {results.data.goals.length === 1 ? 'goal' : 'goals'}
            </p>
            {results.data.tasks.length === 0 && results.data.goals.length === 0 ? (
              Object.keys(query).length > 0 ? (
                <p className="muted" data-testid="search-nothing-found">
                  Nothing matches this search. Try fewer or other words, set a filter back to “Any”, or{' '}
                  <Link to="/search">clear the search</Link>.
                </p>
              ) : (
                <p className="muted" data-testid="search-nothing-found">
                  No tasks or goals yet. <Link to="/goals?new=1">Create a goal</Link>, and its tasks can be found here.
                </p>
              )
            ) : null}
            {results.data.goals.length > 0 ? (
              <ul className="search-results" aria-label="Goals found">
                {results.data.goals.map((goal) => (
                  <li key={goal.id}>
                    <Link to={goalLink(goal.id)}>{goal.title}</Link>{' '}
                    <span className="muted">· goal, {goal.status}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            <ul className="search-results" aria-label="Tasks found">
              {results.data.tasks.map((task) => (
                <li key={`${task.goal_id}/${task.id}`}>
                  <Link to={goalLink(task.goal_id)}>{task.title}</Link>{' '}
                  <span className="muted">
                    · {task.goal_title} · {STATUS_WORDS[task.status]} · {formatMinutes(task.estimated_minutes)}
                    {task.do_date ? ` · planned ${formatDate(task.do_date)}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="muted">Searching…</p>
        )}
      </section>
    </div>
  );
}
