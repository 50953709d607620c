import { Link, useLocation, useNavigate } from 'react-router-dom';
import { DropdownMenu } from '../../components/dropdown-menu';
import { isCurrentNav, NAV_LINKS } from './nav-links';

/** Home, Goals, Completed, Collections; the current one is highlighted (aria-current). Compact menu on phones. */
export function TopNav() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <nav className="top-nav" aria-label="Main">
      <ul className="top-nav__links">
        {NAV_LINKS.map((link) => {
          const current = isCurrentNav(link.to, pathname);
          return (
            <li key={link.to}>
              <Link
                to={link.to}
                className={`top-nav__link${current ? ' is-current' : ''}`}
                aria-current={current ? 'page' : undefined}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="top-nav__compact">
        <DropdownMenu
          buttonLabel={
            <>
              <span aria-hidden="true" className="hamburger">
                <span />
                <span />
                <span />
              </span>
              <span className="visually-hidden">Menu</span>
            </>
          }
          buttonClassName="icon-button"
          align="start"
          items={NAV_LINKS.map((link) => ({
            key: link.to,
            label: link.label,
            current: isCurrentNav(link.to, pathname),
            onSelect: () => navigate(link.to),
          }))}
        />
      </div>
    </nav>
  );
}
