import { Link } from 'react-router-dom';
import { showsHeaderUpgradeButton } from '@stride/domain/plans/limits';
import { Logo } from '../../components/logo';
import { useCurrentUser } from '../../lib/current-user';
import { useUpgradeDialog } from '../../lib/upgrade-dialog';
import { UsageIndicator } from '../../features/usage/components/usage-indicator';
import { AccountMenu } from './account-menu';
import { TopNav } from './top-nav';

export function Header() {
  const { user } = useCurrentUser();
  const { openUpgradeDialog } = useUpgradeDialog();
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link to="/daily" className="app-header__logo" aria-label="Stride — today">
          <Logo />
        </Link>
        <TopNav />
        <div className="app-header__right">
          <UsageIndicator />
          {user && showsHeaderUpgradeButton(user.subscriptionTier) ? (
            <button
              type="button"
              className="button button--upgrade button--sm"
              onClick={() => openUpgradeDialog('general')}
            >
              <span className="upgrade-star" aria-hidden="true">
                ★
              </span>{' '}
              Upgrade
            </button>
          ) : null}
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
