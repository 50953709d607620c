import { ReturnNotice, withReturnFlag } from '../../../components/return-notice';

/** The flag "Delete my account" signs out with: the page it lands on confirms the deletion. */
export const ACCOUNT_DELETED_FLAG = { name: 'account', value: 'deleted' } as const;
/** Where the browser lands after "Delete my account": the landing page, told why. */
export const ACCOUNT_DELETED_LANDING = withReturnFlag('/', ACCOUNT_DELETED_FLAG);
export const ACCOUNT_DELETED_TEXT =
  'Your account and all its data were deleted. Thank you for trying Stride — you can start again any time.';

/** Confirms, once, on the page the browser lands on after "Delete my account" (`ACCOUNT_DELETED_LANDING`). */
export function AccountDeletedNotice() {
  return (
    <div className="landing-notice">
      <ReturnNotice flag={ACCOUNT_DELETED_FLAG} testId="account-deleted-notice" tone="success">
        {ACCOUNT_DELETED_TEXT}
      </ReturnNotice>
    </div>
  );
}
