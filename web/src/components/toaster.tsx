import { toast, useToasts, type ToastKind } from '../lib/toast';

const icons: Record<ToastKind, string> = {
  success: '✓',
  error: '!',
  blank: 'i',
  loading: '',
  celebration: '🎉',
  encouragement: '💪',
};

/** Renders the toast store: polite live region for most, assertive for errors. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div className="toaster" aria-live="polite" aria-relevant="additions">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span className="toast__icon" aria-hidden="true">
            {t.kind === 'loading' ? <span className="spinner spinner--sm" /> : icons[t.kind]}
          </span>
          <span className="toast__message">{t.message}</span>
          <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={() => toast.dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
