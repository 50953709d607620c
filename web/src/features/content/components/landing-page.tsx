import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAuthSession } from '../../../lib/auth-session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Icon } from '../../../components/icon';

const FEATURES = [
  {
    icon: 'sparkles' as const,
    title: 'AI task breakdowns',
    text: 'Turn any goal into concrete, estimated steps in one click. Edit them, reorder them, make them yours.',
  },
  {
    icon: 'zap' as const,
    title: 'Energy-based planning',
    text: 'Tell Stride how you feel and how long you have. It shows only the tasks that fit right now.',
  },
  {
    icon: 'trendingUp' as const,
    title: 'Progress you can see',
    text: 'Every goal shows how far you have come. Completed goals stay as a record of what you achieved.',
  },
  {
    icon: 'layers' as const,
    title: 'Collections',
    text: 'Group goals by season, project or area of life, and see each group’s progress at a glance.',
  },
  {
    icon: 'timer' as const,
    title: 'Honest estimates',
    text: 'Log the real minutes a task took. Over time, your plans get as realistic as your calendar.',
  },
  {
    icon: 'barChart' as const,
    title: 'Pro analytics',
    text: 'Streaks, completion rates and your most productive hour, with insights on what to change.',
  },
];

const FAQ = [
  {
    q: 'Is Stride really free?',
    a: 'Yes. The Free plan includes one goal a month, three AI breakdowns, the energy view and progress tracking — no card needed.',
  },
  {
    q: 'How does the AI breakdown work?',
    a: 'Stride reads your goal’s title and description and suggests 5–10 tasks with time estimates and an energy level for each. You can edit or delete any of them.',
  },
  {
    q: 'What is the energy view?',
    a: 'Choose low, medium or high energy (and optionally the minutes you have) and Stride lists the open tasks that fit, across all your goals.',
  },
  {
    q: 'Can I cancel a paid plan?',
    a: 'Any time, from Manage account. You keep your plan until the end of the month you paid for.',
  },
];

/** The landing page; `pricing` is the plans section (composed by the app from billing). */
export function LandingPage({ pricing }: { readonly pricing: ReactNode }) {
  useDocumentTitle('');
  const { status } = useAuthSession();
  const signedIn = status === 'signed-in';
  const primary = signedIn ? { to: '/daily', label: 'Go to today' } : { to: '/sign-up', label: 'Start free' };

  return (
    <div className="landing">
      <section className="hero">
        <div className="hero__text">
          <p className="hero__eyebrow">Goal planning that meets you where you are</p>
          <h1 className="hero__title">
            Big goals, broken into <span className="gradient-text">steps you’ll actually take</span>
          </h1>
          <p className="hero__subtitle">
            Stride uses AI to turn your goals into small, estimated tasks — then shows you the ones that fit your energy
            today. Less planning, more progress.
          </p>
          <div className="hero__actions">
            <Link to={primary.to} className="button button--primary button--lg">
              {primary.label}
            </Link>
            {!signedIn ? (
              <Link to="/get-started" className="button button--secondary button--lg">
                Take the tour
              </Link>
            ) : null}
          </div>
          <p className="hero__note">Free forever plan · No card required · Cancel paid plans anytime</p>
        </div>
        <div className="hero__visual" aria-hidden="true">
          <div className="mock-card">
            <div className="mock-card__header">
              <span className="mock-dot" />
              <span className="mock-dot" />
              <span className="mock-dot" />
            </div>
            <p className="mock-card__eyebrow">Health · high priority</p>
            <p className="mock-card__title">Run a half marathon in October</p>
            <div className="mock-progress">
              <span style={{ width: '42%' }} />
            </div>
            <ul className="mock-tasks">
              <li className="is-done">Buy proper running shoes</li>
              <li className="is-done">Run 3 km easy, twice this week</li>
              <li>
                Plan a 10-week training schedule <em>High energy · 45 min</em>
              </li>
              <li>
                Stretch routine after each run <em>Low energy · 15 min</em>
              </li>
            </ul>
            <div className="mock-ai">
              <Icon name="sparkles" size={16} /> 8 tasks suggested by AI
            </div>
          </div>
        </div>
      </section>

      <section className="landing-section" aria-labelledby="features-title">
        <h2 id="features-title" className="section-title section-title--center">
          Everything you need to go from “someday” to “done”
        </h2>
        <div className="feature-grid">
          {FEATURES.map((f) => (
            <div key={f.title} className="feature">
              <span className="feature__icon" aria-hidden="true">
                <Icon name={f.icon} size={22} />
              </span>
              <h3 className="feature__title">{f.title}</h3>
              <p className="feature__text">{f.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="landing-section how" aria-labelledby="how-title">
        <h2 id="how-title" className="section-title section-title--center">
          How it works
        </h2>
        <ol className="how__steps">
          <li>
            <span className="how__number">1</span>
            <h3>Write the goal</h3>
            <p>Say what you want and why. A sentence of context makes the plan better.</p>
          </li>
          <li>
            <span className="how__number">2</span>
            <h3>Break it down</h3>
            <p>One click and AI drafts the steps, each with a time estimate and energy level.</p>
          </li>
          <li>
            <span className="how__number">3</span>
            <h3>Do what fits</h3>
            <p>Pick your energy, start a task, finish it, log the time. Repeat tomorrow.</p>
          </li>
        </ol>
      </section>

      <section id="pricing" className="landing-section" aria-labelledby="pricing-title" tabIndex={-1}>
        <h2 id="pricing-title" className="section-title section-title--center">
          Simple, fair pricing
        </h2>
        <p className="section-subtitle">Start free. Upgrade when you want more goals and more AI help.</p>
        {pricing}
      </section>

      <section className="landing-section" aria-labelledby="faq-title">
        <h2 id="faq-title" className="section-title section-title--center">
          Frequently asked questions
        </h2>
        <div className="faq-accordion">
          {FAQ.map((item) => (
            <details key={item.q} className="faq-accordion__item">
              <summary>{item.q}</summary>
              <p>{item.a}</p>
            </details>
          ))}
        </div>
      </section>

      <section className="cta-band">
        <h2>Your next step is waiting</h2>
        <p>Set one goal today. Stride will help you take the first step before the day is over.</p>
        <Link to={primary.to} className="button button--light button--lg">
          {primary.label}
        </Link>
      </section>
    </div>
  );
}
