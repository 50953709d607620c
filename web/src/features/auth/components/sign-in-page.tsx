import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { rememberIntendedPlan } from '../../../lib/intended-plan';
import { tierLabel } from '../../../lib/format';
import { LogoMark } from '../../../components/logo';
import { PageLoading } from '../../../components/spinner';
import { useAuthSession } from '../../../lib/auth-session';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/format';
import { emitProductEvent } from '../../../lib/product-events';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDevSignIn } from '../api/dev-sign-in';
import { useDevSessionStarter } from './dev-auth-context';

const ClerkSignIn = lazy(() => import('./clerk-auth-provider').then((m) => ({ default: m.ClerkSignIn })));
const ClerkSignUp = lazy(() => import('./clerk-auth-provider').then((m) => ({ default: m.ClerkSignUp })));

type Variant = 'sign-in' | 'sign-up';

const copy: Record<Variant, { title: string; subtitle: string; submit: string; busy: string }> = {
  'sign-in': {
    title: 'Welcome back',
    subtitle: 'Sign in to pick up where you left off.',
    submit: 'Sign in',
    busy: 'Signing in…',
  },
  'sign-up': {
    title: 'Create your Stride account',
    subtitle: 'Free forever for one goal a month. No card needed.',
    submit: 'Create account',
    busy: 'Creating account…',
  },
};

function DevSignInForm({ variant }: { readonly variant: Variant }) {
  const start = useDevSessionStarter();
  const mutation = useDevSignIn();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const text = copy[variant];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      { email: email.trim(), name: name.trim() },
      {
        onSuccess: (session) => {
          emitProductEvent(variant === 'sign-up' ? 'onboarding_signed_up' : 'session_signed_in');
          start?.({ token: session.token, user: session.user });
        },
        onError: (error) =>
          emitProductEvent('signup_error', {
            stage: variant === 'sign-up' ? 'sign_up' : 'sign_in',
            message: errorMessage(error, 'Unknown error').slice(0, 1000),
            code: isApiError(error) ? (error.code ?? String(error.status)) : null,
          }),
      },
    );
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate={false}>
      <div className="field">
        <label htmlFor="auth-email">Email</label>
        <input
          id="auth-email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.com"
        />
      </div>
      <div className="field">
        <label htmlFor="auth-name">Name</label>
        <input
          id="auth-name"
          type="text"
          autoComplete="name"
          required
          maxLength={200}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Alex Rivera"
        />
      </div>
      {mutation.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(mutation.error, 'Could not sign in. Please try again.')}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={mutation.isPending || !email.trim() || !name.trim()}
      >
        {mutation.isPending ? text.busy : text.submit}
      </button>
      <p className="auth-form__hint">Development sign-in: no password, the account is created on first use.</p>
    </form>
  );
}

export function AuthPage({
  variant,
  chosenPlan = null,
}: {
  readonly variant: Variant;
  readonly chosenPlan?: string | null;
}) {
  const { mode } = useAuthSession();
  const text = copy[variant];
  useDocumentTitle(variant === 'sign-in' ? 'Sign in' : 'Sign up');
  return (
    <main className="auth-page" id="main">
      <div className="auth-card">
        <Link to="/" className="auth-card__logo" aria-label="Stride home">
          <LogoMark size={40} />
        </Link>
        <h1 className="auth-card__title">{text.title}</h1>
        <p className="auth-card__subtitle">
          {chosenPlan
            ? `You chose ${tierLabel(chosenPlan)}. Create your account and you go straight to checkout.`
            : text.subtitle}
        </p>
        {mode === 'clerk' ? (
          <Suspense fallback={<PageLoading />}>{variant === 'sign-in' ? <ClerkSignIn /> : <ClerkSignUp />}</Suspense>
        ) : (
          <DevSignInForm variant={variant} />
        )}
        <p className="auth-card__switch">
          {variant === 'sign-in' ? (
            <>
              New to Stride? <Link to="/sign-up">Create an account</Link>
            </>
          ) : (
            <>
              Already have an account? <Link to="/sign-in">Sign in</Link>
            </>
          )}
        </p>
      </div>
    </main>
  );
}

export function SignInPage() {
  return <AuthPage variant="sign-in" />;
}

/** /sign-up[?plan=pro]: a plan chosen on the pricing cards is kept through sign-up to its checkout. */
export function SignUpPage() {
  const [params] = useSearchParams();
  const plan = params.get('plan');
  const chosen = plan && /^[a-z]{2,20}$/.test(plan) && plan !== 'free' ? plan : null;
  useEffect(() => {
    if (chosen) rememberIntendedPlan(chosen);
  }, [chosen]);
  return <AuthPage variant="sign-up" chosenPlan={chosen} />;
}
