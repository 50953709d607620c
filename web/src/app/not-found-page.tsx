import { Link } from 'react-router-dom';
import { LogoMark } from '../components/logo';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main className="fatal-screen" id="main">
      <div className="fatal-screen__card">
        <LogoMark size={44} />
        <p className="fatal-screen__code">404</p>
        <h1 className="fatal-screen__title">This page took a different path</h1>
        <p>The page you are looking for does not exist or has moved.</p>
        <Link to="/daily" className="button button--primary">
          Back to today
        </Link>
      </div>
    </main>
  );
}
