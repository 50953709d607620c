import { LogoMark } from '../../components/logo';

/** Shown when AUTH_MODE=clerk but the publishable key is missing (spec section 2, Gates). */
export function ConfigurationErrorPage() {
  return (
    <main className="fatal-screen" id="main">
      <div className="fatal-screen__card" role="alert">
        <LogoMark size={44} />
        <h1 className="fatal-screen__title">Configuration error</h1>
        <p>The sign-in provider’s publishable key is missing, so Stride cannot sign you in.</p>
        <p className="muted">
          If you run this deployment, set <code>CLERK_PUBLISHABLE_KEY</code> for the API (served to the app by{' '}
          <code>/api/config</code>) and restart it, or use <code>AUTH_MODE=dev</code> for local development.
        </p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Reload page
        </button>
      </div>
    </main>
  );
}
