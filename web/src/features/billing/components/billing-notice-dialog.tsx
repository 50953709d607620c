import { Dialog } from '../../../components/dialog';
import type { BillingNotice } from '../hooks/use-billing-portal';

export function BillingNoticeDialog({
  notice,
  onClose,
}: {
  readonly notice: BillingNotice | null;
  readonly onClose: () => void;
}) {
  return (
    <Dialog
      open={notice !== null}
      onClose={onClose}
      size="sm"
      title={notice?.title ?? ''}
      footer={
        <button type="button" className="button button--primary" onClick={onClose}>
          OK
        </button>
      }
    >
      <div role="alert">
        <p>{notice?.message}</p>
        {notice?.detail ? <p className="muted">{notice.detail}</p> : null}
      </div>
    </Dialog>
  );
}
