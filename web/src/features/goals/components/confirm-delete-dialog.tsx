import { Dialog } from '../../../components/dialog';

export function ConfirmDeleteDialog({
  title,
  onConfirm,
  onCancel,
}: {
  readonly title: string | null;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}) {
  return (
    <Dialog
      open={title !== null}
      onClose={onCancel}
      title="Delete this goal?"
      size="sm"
      description={
        <>
          <strong>{title}</strong> and its tasks will be deleted. This cannot be undone.
        </>
      }
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Keep it
          </button>
          <button type="button" className="button button--danger" onClick={onConfirm}>
            Delete goal
          </button>
        </>
      }
    >
      {null}
    </Dialog>
  );
}
