import { Suspense, useRef } from 'react';
import { Link, Outlet, useNavigate } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { PageLoading } from '../../components/spinner';
import { SectionErrorBoundary } from '../../components/section-error-boundary';
import { RevealApp } from '../../lib/prerender-reveal';
import { Footer } from './footer';
import { PageTransition } from './page-transition';
import { ScrollToHash } from './scroll-to-hash';

/** Signed-out pages: landing, blog, about, privacy, terms. */
export function PublicShell() {
  const navigate = useNavigate();
  const menu = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => menu.current?.removeAttribute('open');
  return (
    <div className="app-shell app-shell--public">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="app-header app-header--public">
        <div className="app-header__inner">
          <Link to="/" className="app-header__logo" aria-label="Stride home">
            <Logo />
          </Link>
          <nav className="public-nav" aria-label="Main">
            <a
              href="/#pricing"
              className="public-nav__link public-nav__link--hide-sm"
              onClick={(e) => {
                e.preventDefault();
                navigate('/#pricing');
              }}
            >
              Pricing
            </a>
            <Link to="/blog" className="public-nav__link public-nav__link--hide-sm">
              Blog
            </Link>
            <Link to="/sign-in" className="public-nav__link">
              Sign in
            </Link>
            <Link to="/sign-up" className="button button--primary button--sm">
              Get started
            </Link>
            {/* Phones: Pricing and Blog behind a menu. A native disclosure, so it works in the
                pre-rendered page before the app's script has loaded. */}
            <details className="public-menu" ref={menu}>
              <summary className="icon-button public-menu__button" aria-label="Menu">
                <span aria-hidden="true" className="hamburger">
                  <span />
                  <span />
                  <span />
                </span>
              </summary>
              <ul className="public-menu__list">
                <li>
                  <Link to="/pricing" className="public-menu__link" onClick={closeMenu}>
                    Pricing
                  </Link>
                </li>
                <li>
                  <Link to="/blog" className="public-menu__link" onClick={closeMenu}>
                    Blog
                  </Link>
                </li>
              </ul>
            </details>
          </nav>
        </div>
      </header>
      <main id="main" className="app-main app-main--public" tabIndex={-1}>
        <ScrollToHash />
        <PageTransition>
          <SectionErrorBoundary name="page">
            <Suspense fallback={<PageLoading />}>
              <Outlet />
              <RevealApp />
            </Suspense>
          </SectionErrorBoundary>
        </PageTransition>
      </main>
      <Footer />
    </div>
  );
}
