import { Component, type ErrorInfo, type ReactNode } from 'react';
import { captureException } from '../lib/error-reporting';
import { Icon } from './icon';

export const SECTION_ERROR_TEXT = "We're having trouble loading this section. Please try refreshing the page.";

interface Props {
  readonly name: string;
  readonly children: ReactNode;
}

interface State {
  readonly error: Error | null;
}

/** One per screen region: a rendering error stays in its region and is reported (spec section 8). */
export class SectionErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    captureException(error, {
      boundary: 'section',
      section: this.props.name,
      componentStack: info.componentStack ?? null,
    });
  }

  override render() {
    if (this.state.error) {
      return (
        <div className="section-error" role="alert">
          <span className="section-error__icon" aria-hidden="true">
            <Icon name="alert" />
          </span>
          <p>{SECTION_ERROR_TEXT}</p>
        </div>
      );
    }
    return this.props.children;
  }
}
