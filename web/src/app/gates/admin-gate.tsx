import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/empty-state';
import { useCurrentUser } from '../../lib/current-user';
import { Icon } from '../../components/icon';

export const NOT_AUTHORISED_TEXT = 'You are not authorised to view this page.';

/** Admin screens are only for users whose record has is_admin. */
export function AdminGate({ children }: { readonly children: ReactNode }) {
  const { user } = useCurrentUser();
  if (!user?.isAdmin) {
    return (
      <div className="page">
        <EmptyState
          icon={<Icon name="lock" size={30} />}
          title="Not authorised"
          action={
            <Link to="/daily" className="button button--primary">
              Back to today
            </Link>
          }
        >
          {NOT_AUTHORISED_TEXT} Admin reports are limited to Stride staff.
        </EmptyState>
      </div>
    );
  }
  return <>{children}</>;
}
