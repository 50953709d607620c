import { useNavigate } from 'react-router-dom';
import { hasAnalyticsDashboard } from '@stride/domain/plans/limits';
import { DropdownMenu, type MenuItem } from '../../components/dropdown-menu';
import { useAuthSession } from '../../lib/auth-session';
import { useCurrentUser } from '../../lib/current-user';
import { initials } from '../../lib/format';
import { useUpgradeDialog } from '../../lib/upgrade-dialog';

/** Spec section 2: name, email, Analytics (PRO tag unless pro or team), Manage account, Upgrade to Pro (lite), Sign out (the spec's Title Case written in sentence case, as every label is). */
export function AccountMenu() {
  const navigate = useNavigate();
  const auth = useAuthSession();
  const { user } = useCurrentUser();
  const { openUpgradeDialog } = useUpgradeDialog();
  if (!user) return null;

  const items: MenuItem[] = [
    {
      key: 'analytics',
      label: (
        <span className="menu__label">
          Analytics
          {!hasAnalyticsDashboard(user.subscriptionTier) ? <span className="pro-tag">PRO</span> : null}
        </span>
      ),
      onSelect: () => navigate('/analytics'),
    },
    { key: 'account', label: 'Manage account', onSelect: () => navigate('/user-profile') },
  ];
  if (user.subscriptionTier === 'lite') {
    items.push({
      key: 'upgrade',
      label: 'Upgrade to Pro',
      tone: 'accent',
      onSelect: () => openUpgradeDialog('general'),
    });
  }
  if (user.isAdmin) items.push({ key: 'admin', label: 'Admin', onSelect: () => navigate('/admin') });
  items.push({ key: 'sign-out', label: 'Sign out', tone: 'danger', onSelect: () => void auth.signOut() });

  return (
    <DropdownMenu
      buttonClassName="avatar-button"
      buttonAriaLabel={`Account menu for ${user.name || user.email}`}
      buttonLabel={
        auth.user?.imageUrl ? (
          <img className="avatar" src={auth.user.imageUrl} alt="" />
        ) : (
          <span className="avatar" aria-hidden="true">
            {initials(user.name, user.email)}
          </span>
        )
      }
      header={
        <>
          <p className="menu__name">{user.name}</p>
          <p className="menu__email">{user.email}</p>
        </>
      }
      items={items}
    />
  );
}
