import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LogoMark } from '../../components/logo';
import { captureException } from '../../lib/error-reporting';

export const APP_ERROR_TITLE = 'Something went wrong';
export const APPLICATION_ERROR_TITLE = 'Application error';

interface State {
  readonly error: Error | null;
}

/** Inside the providers: 'Something went wrong' with Try again and Reload page. */
export class AppErrorBoundary extends Component<{ readonly children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    captureException(error, { boundary: 'app', componentStack: info.componentStack ?? null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="fatal-screen" id="main">
        <div className="fatal-screen__card" role="alert">
          <LogoMark size={44} />
          <h1 className="fatal-screen__title">{APP_ERROR_TITLE}</h1>
          <p>An unexpected error stopped this page. Your goals are safe — try again, or reload the page.</p>
          <div className="button-row button-row--center">
            <button type="button" className="button button--primary" onClick={() => this.setState({ error: null })}>
              Try again
            </button>
            <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
              Reload page
            </button>
          </div>
        </div>
      </main>
    );
  }
}

export function ApplicationErrorScreen({ message }: { readonly message?: string }) {
  return (
    <main className="fatal-screen" id="main">
      <div className="fatal-screen__card" role="alert">
        <LogoMark size={44} />
        <h1 className="fatal-screen__title">{APPLICATION_ERROR_TITLE}</h1>
        <p>Stride could not start. Please check your connection and reload the page.</p>
        {message ? <p className="muted small">{message}</p> : null}
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Reload page
        </button>
      </div>
    </main>
  );
}

/** Outermost: if even the providers fail, 'Application error'. */
export class RootErrorBoundary extends Component<{ readonly children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    captureException(error, { boundary: 'root', componentStack: info.componentStack ?? null });
  }

  override render() {
    return this.state.error ? <ApplicationErrorScreen message={this.state.error.message} /> : this.props.children;
  }
}
