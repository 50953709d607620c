import { toast, useToasts, type ToastKind } from '../lib/toast';
import { Icon, type IconName } from './icon';

const icons: Record<ToastKind, IconName | null> = {
  success: 'check',
  error: 'alert',
  blank: 'info',
  loading: null,
  celebration: 'sparkles',
  encouragement: 'heart',
};

/** Renders the toast store: polite live region for most, assertive for errors. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div className="toaster" aria-live="polite" aria-relevant="additions">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span className="toast__icon" aria-hidden="true">
            {icons[t.kind] ? (
              <Icon name={icons[t.kind]!} size={14} strokeWidth={3} />
            ) : (
              <span className="spinner spinner--sm" />
            )}
          </span>
          <span className="toast__message">{t.message}</span>
          {t.action ? (
            <button
              type="button"
              className="toast__action"
              onClick={() => {
                toast.dismiss(t.id);
                t.action?.onSelect();
              }}
            >
              {t.action.label}
            </button>
          ) : null}
          <button
            type="button"
            className="toast__close"
            aria-label="Dismiss notification"
            onClick={() => toast.dismiss(t.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
