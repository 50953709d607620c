import { Link, useNavigate } from 'react-router-dom';
import { LogoMark } from '../../components/logo';
import { useAuthSession } from '../../lib/auth-session';
import { usePublicConfig } from '../../lib/public-config';

/**
 * Tagline, 'Need help affording Pro?' mail link and Pricing, Blog, About us, Privacy, Terms and Contact.
 * Pricing goes to the landing page's #pricing section (at '/' signed out, '/landing' signed in) and
 * scrolls to it once it is rendered.
 */
export function Footer() {
  const navigate = useNavigate();
  const { status } = useAuthSession();
  const { supportEmail } = usePublicConfig();
  const landing = status === 'signed-in' ? '/landing' : '/';
  const pricingHref = `${landing}#pricing`;
  return (
    <footer className="app-footer">
      <div className="app-footer__inner">
        <div className="app-footer__brand">
          <LogoMark size={24} />
          <p className="app-footer__tagline">Stride — big goals, small steps, steady progress.</p>
        </div>
        <nav aria-label="Footer" className="app-footer__links">
          <a
            href={pricingHref}
            onClick={(event) => {
              event.preventDefault();
              navigate(pricingHref);
            }}
          >
            Pricing
          </a>
          <Link to="/blog">Blog</Link>
          <Link to="/about">About us</Link>
          <Link to="/privacy">Privacy</Link>
          <Link to="/terms">Terms</Link>
          <a href={`mailto:${supportEmail}`}>Contact</a>
        </nav>
        <p className="app-footer__help">
          <a href={`mailto:${supportEmail}?subject=Need%20help%20affording%20Pro`}>Need help affording Pro?</a>
        </p>
        <p className="app-footer__copy">© {new Date().getFullYear()} Stride. All rights reserved.</p>
      </div>
    </footer>
  );
}
