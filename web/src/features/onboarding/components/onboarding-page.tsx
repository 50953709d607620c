import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { LogoMark } from '../../../components/logo';
import { PageLoading } from '../../../components/spinner';
import { useAuthSession } from '../../../lib/auth-session';
import { useCurrentUser } from '../../../lib/current-user';
import { emitProductEvent } from '../../../lib/product-events';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCompleteOnboarding } from '../api/complete-onboarding';
import { readOnboarding, writeOnboarding, type EnergyPeak, type OnboardingProgress } from '../lib/onboarding-storage';
import { Icon } from '../../../components/icon';

const FOCUS_AREAS = [
  'Health & fitness',
  'Career',
  'Learning',
  'Finance',
  'Relationships',
  'Creative projects',
  'Home',
  'Mindfulness',
];
const PEAKS: readonly { value: EnergyPeak; label: string; text: string }[] = [
  { value: 'morning', label: 'Morning', text: 'I do my best thinking before lunch' },
  { value: 'afternoon', label: 'Afternoon', text: 'I hit my stride after midday' },
  { value: 'evening', label: 'Evening', text: 'I come alive when the day winds down' },
];
const STEPS = ['Welcome', 'Focus', 'Energy', 'First goal'] as const;

export interface OnboardingPageProps {
  /**
   * Creates the goal typed in the last step (supplied by app/, which owns the goals feature). Resolves
   * true once the server has it; false when it could not be created.
   */
  readonly createFirstGoal?: (title: string) => Promise<boolean>;
}

/**
 * /onboarding (outside the shell). Progress is kept per user in local storage. The goal typed in the
 * last step is created before the user lands on /daily; if that fails they land on the goal form with
 * the title filled in, so nothing typed is lost.
 */
export function OnboardingPage({ createFirstGoal }: OnboardingPageProps = {}) {
  useDocumentTitle('Get started');
  const navigate = useNavigate();
  const { user, patchUser } = useCurrentUser();
  // Local storage is keyed by the signed-in identity (the id the sign-out and account-switch wipes use).
  const storageId = useAuthSession().user?.id ?? user?.id ?? '';
  const complete = useCompleteOnboarding();
  const [progress, setProgress] = useState<OnboardingProgress | null>(null);
  const [creatingGoal, setCreatingGoal] = useState(false);

  // Each step replaces the one before, and the button pressed goes with it: the focus moves to the new
  // step's heading (not on the first render), so a keyboard or screen reader user carries on from there.
  const shownStep = useRef<number | null>(null);
  useEffect(() => {
    if (!progress) return;
    if (shownStep.current !== null && shownStep.current !== progress.step) {
      document.getElementById('ob-title')?.focus();
    }
    shownStep.current = progress.step;
  }, [progress?.step]);

  useEffect(() => {
    if (!user || !storageId) return;
    const stored = readOnboarding(storageId);
    setProgress(stored);
    if (stored.step === 0 && !stored.completed) emitProductEvent('onboarding_started');
  }, [user, storageId]);

  if (!user || !progress) return <PageLoading label="Loading…" />;
  if (progress.completed || user.onboardingCompleted) return <Navigate to="/daily" replace />;

  const update = (patch: Partial<OnboardingProgress>) => {
    const next = { ...progress, ...patch };
    setProgress(next);
    writeOnboarding(storageId, next);
  };
  const goTo = (step: number) => {
    emitProductEvent('onboarding_step_completed', { step: STEPS[progress.step] ?? String(progress.step) });
    update({ step });
  };
  const finish = () => {
    const done = { ...progress, completed: true };
    const title = progress.firstGoal.trim();
    complete.mutate(undefined, {
      onSettled: async () => {
        let created = false;
        if (title && createFirstGoal) {
          setCreatingGoal(true);
          created = await createFirstGoal(title).catch(() => false);
          setCreatingGoal(false);
        }
        writeOnboarding(storageId, done);
        patchUser({ onboardingCompleted: true });
        emitProductEvent('onboarding_completed', { focus_areas: progress.focusAreas.length, goal_created: created });
        navigate(title && !created ? `/goals?new=1&title=${encodeURIComponent(title)}` : '/daily', { replace: true });
      },
    });
  };
  const firstName = user.name.split(' ')[0] || 'there';

  return (
    <main className="onboarding" id="main">
      <div className="onboarding__card">
        <div className="onboarding__brand">
          <LogoMark size={36} />
          <ol className="stepper" aria-label="Onboarding progress">
            {STEPS.map((label, index) => (
              <li
                key={label}
                className={index < progress.step ? 'is-done' : index === progress.step ? 'is-current' : ''}
                aria-current={index === progress.step ? 'step' : undefined}
              >
                <span className="visually-hidden">{label}</span>
              </li>
            ))}
          </ol>
        </div>
        <p className="onboarding__count">
          Step {progress.step + 1} of {STEPS.length}
        </p>

        {progress.step === 0 ? (
          <section aria-labelledby="ob-title">
            <h1 id="ob-title" className="onboarding__title" tabIndex={-1}>
              Welcome to Stride, {firstName}!
            </h1>
            <p className="onboarding__text">
              Big goals stall when the next step is unclear. Stride breaks each goal into small tasks, tags them by the
              energy they need, and shows you what fits how you feel right now.
            </p>
            <ul className="onboarding__points">
              <li>
                <Icon name="target" /> Set a goal that matters to you
              </li>
              <li>
                <Icon name="sparkles" /> Let AI break it into concrete steps
              </li>
              <li>
                <Icon name="zap" /> Pick tasks that match your energy today
              </li>
            </ul>
            <div className="onboarding__actions">
              <button type="button" className="button button--primary button--lg" onClick={() => goTo(1)}>
                Let's begin
              </button>
            </div>
          </section>
        ) : null}

        {progress.step === 1 ? (
          <section aria-labelledby="ob-title">
            <h1 id="ob-title" className="onboarding__title" tabIndex={-1}>
              What do you want to focus on?
            </h1>
            <p className="onboarding__text">Pick as many as you like. We use this to suggest goal categories.</p>
            <div className="chip-picker" role="group" aria-label="Focus areas">
              {FOCUS_AREAS.map((area) => {
                const selected = progress.focusAreas.includes(area);
                return (
                  <button
                    key={area}
                    type="button"
                    className={`chip chip--toggle${selected ? ' is-selected' : ''}`}
                    aria-pressed={selected}
                    onClick={() =>
                      update({
                        focusAreas: selected
                          ? progress.focusAreas.filter((a) => a !== area)
                          : [...progress.focusAreas, area],
                      })
                    }
                  >
                    {area}
                  </button>
                );
              })}
            </div>
            <div className="onboarding__actions">
              <button type="button" className="button button--ghost" onClick={() => update({ step: 0 })}>
                Back
              </button>
              <button type="button" className="button button--primary" onClick={() => goTo(2)}>
                Continue
              </button>
            </div>
          </section>
        ) : null}

        {progress.step === 2 ? (
          <section aria-labelledby="ob-title">
            <h1 id="ob-title" className="onboarding__title" tabIndex={-1}>
              When is your energy highest?
            </h1>
            <p className="onboarding__text">
              Stride suggests demanding tasks for your peak and lighter ones for the rest of the day.
            </p>
            <div className="option-list" role="radiogroup" aria-label="Energy peak">
              {PEAKS.map((peak) => (
                <button
                  key={peak.value}
                  type="button"
                  role="radio"
                  aria-checked={progress.energyPeak === peak.value}
                  className={`option-card${progress.energyPeak === peak.value ? ' is-selected' : ''}`}
                  onClick={() => update({ energyPeak: peak.value })}
                >
                  <strong>{peak.label}</strong>
                  <span>{peak.text}</span>
                </button>
              ))}
            </div>
            <div className="onboarding__actions">
              <button type="button" className="button button--ghost" onClick={() => update({ step: 1 })}>
                Back
              </button>
              <button type="button" className="button button--primary" onClick={() => goTo(3)}>
                Continue
              </button>
            </div>
          </section>
        ) : null}

        {progress.step >= 3 ? (
          <section aria-labelledby="ob-title">
            <h1 id="ob-title" className="onboarding__title" tabIndex={-1}>
              What's one goal for this month?
            </h1>
            <p className="onboarding__text">Keep it specific and within reach. You can refine it on the next screen.</p>
            <div className="field">
              <label htmlFor="ob-goal">Your first goal</label>
              <input
                id="ob-goal"
                value={progress.firstGoal}
                onChange={(e) => update({ firstGoal: e.target.value })}
                placeholder="e.g. Read two books this month"
                maxLength={200}
              />
            </div>
            <div className="onboarding__actions">
              <button type="button" className="button button--ghost" onClick={() => update({ step: 2 })}>
                Back
              </button>
              <button
                type="button"
                className="button button--primary"
                onClick={finish}
                disabled={complete.isPending || creatingGoal}
              >
                {creatingGoal
                  ? 'Creating your goal…'
                  : complete.isPending
                    ? 'Finishing…'
                    : progress.firstGoal.trim()
                      ? 'Create my goal'
                      : 'Skip for now'}
              </button>
            </div>
          </section>
        ) : null}
      </div>
    </main>
  );
}
