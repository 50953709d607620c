import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { ProgressBar } from '../../../components/progress-bar';
import { useDocumentTitle } from '../../../lib/use-document-title';

const DEMO_GOALS = [
  {
    title: 'Run a half marathon in October',
    category: 'Health & fitness',
    tasks: [
      { title: 'Buy proper running shoes', minutes: 45, energy: 'low', done: true },
      { title: 'Run 3 km easy, twice this week', minutes: 30, energy: 'medium', done: true },
      { title: 'Plan a 10-week training schedule', minutes: 45, energy: 'high', done: false },
      { title: 'Sign up for the October race', minutes: 15, energy: 'low', done: false },
    ],
  },
  {
    title: 'Launch a personal portfolio site',
    category: 'Career',
    tasks: [
      { title: 'Pick five best projects', minutes: 30, energy: 'medium', done: true },
      { title: 'Write a two-paragraph bio', minutes: 40, energy: 'high', done: false },
      { title: 'Choose a domain name', minutes: 15, energy: 'low', done: false },
    ],
  },
] as const;

/** /mock-demo: the product with sample data, for demos without an account's real goals. */
export function MockDemoPage() {
  useDocumentTitle('Demo');
  const [energy, setEnergy] = useState<'low' | 'medium' | 'high'>('low');
  const fitting = DEMO_GOALS.flatMap((g) =>
    g.tasks.filter((t) => !t.done && t.energy === energy).map((t) => ({ ...t, goal: g.title })),
  );
  return (
    <div className="page">
      <PageHeader
        eyebrow="Mock data demo"
        title="Stride with sample data"
        subtitle="Nothing here is saved — explore how goals, tasks and the energy view fit together."
      />
      <div className="goal-grid">
        {DEMO_GOALS.map((goal) => {
          const done = goal.tasks.filter((t) => t.done).length;
          return (
            <article key={goal.title} className="goal-card">
              <div className="goal-card__chips">
                <span className="chip">{goal.category}</span>
              </div>
              <h2 className="goal-card__title">{goal.title}</h2>
              <ProgressBar label="Tasks done" value={done} max={goal.tasks.length} tone="ok" />
              <ul className="demo-tasks">
                {goal.tasks.map((t) => (
                  <li key={t.title} className={t.done ? 'is-done' : ''}>
                    {t.done ? '✓ ' : '○ '}
                    {t.title}{' '}
                    <span className="muted small">
                      · {t.minutes} min · {t.energy}
                    </span>
                  </li>
                ))}
              </ul>
            </article>
          );
        })}
      </div>
      <section className="card card--padded" aria-labelledby="demo-energy">
        <h2 id="demo-energy" className="card__title">
          Energy view
        </h2>
        <div className="segmented" role="radiogroup" aria-label="Demo energy level">
          {(['low', 'medium', 'high'] as const).map((level) => (
            <button
              key={level}
              type="button"
              role="radio"
              aria-checked={energy === level}
              className={`segmented__option${energy === level ? ' is-selected' : ''}`}
              onClick={() => setEnergy(level)}
            >
              {level[0]!.toUpperCase() + level.slice(1)}
            </button>
          ))}
        </div>
        <ul className="demo-tasks">
          {fitting.length === 0 ? <li className="muted">Nothing open at this energy.</li> : null}
          {fitting.map((t) => (
            <li key={t.title}>
              {t.title}{' '}
              <span className="muted small">
                · {t.goal} · {t.minutes} min
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
