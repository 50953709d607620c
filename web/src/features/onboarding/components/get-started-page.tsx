import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LogoMark } from '../../../components/logo';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Icon } from '../../../components/icon';

const SLIDES = [
  {
    icon: 'target' as const,
    title: 'Goals you actually finish',
    text: 'Write down what you want to achieve. Stride keeps it front and centre, with progress you can see.',
  },
  {
    icon: 'sparkles' as const,
    title: 'AI turns goals into steps',
    text: 'One click breaks a goal into concrete tasks with time estimates, so you never wonder what to do next.',
  },
  {
    icon: 'zap' as const,
    title: 'Work with your energy',
    text: 'Low on energy? Stride shows the tasks that fit how you feel and the time you have.',
  },
];

/** /get-started for signed-out visitors: a short tour ending in sign-up. */
export function GetStartedPage() {
  useDocumentTitle('Get started');
  const [index, setIndex] = useState(0);
  const slide = SLIDES[index]!;
  const last = index === SLIDES.length - 1;
  return (
    <main className="onboarding" id="main">
      <div className="onboarding__card">
        <div className="onboarding__brand">
          <Link to="/" aria-label="Stride home">
            <LogoMark size={36} />
          </Link>
          <ol className="stepper" aria-label="Tour progress">
            {SLIDES.map((s, i) => (
              <li
                key={s.title}
                className={i < index ? 'is-done' : i === index ? 'is-current' : ''}
                aria-current={i === index ? 'step' : undefined}
              >
                <span className="visually-hidden">{s.title}</span>
              </li>
            ))}
          </ol>
        </div>
        <div className="onboarding__hero" aria-hidden="true">
          <Icon name={slide.icon} size={40} />
        </div>
        <h1 className="onboarding__title">{slide.title}</h1>
        <p className="onboarding__text">{slide.text}</p>
        <div className="onboarding__actions">
          {index > 0 ? (
            <button type="button" className="button button--ghost" onClick={() => setIndex(index - 1)}>
              Back
            </button>
          ) : (
            <Link to="/" className="button button--ghost">
              Not now
            </Link>
          )}
          {last ? (
            <Link to="/sign-up" className="button button--primary">
              Create my free account
            </Link>
          ) : (
            <button type="button" className="button button--primary" onClick={() => setIndex(index + 1)}>
              Next
            </button>
          )}
        </div>
        <p className="auth-card__switch">
          Already have an account? <Link to="/sign-in">Sign in</Link>
        </p>
      </div>
    </main>
  );
}
