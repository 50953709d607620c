import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A query flag another place sends the browser back with (`?name=value`). */
export interface ReturnFlag {
  readonly name: string;
  readonly value: string;
}

/** `path` with `flag` added to its query. */
export const withReturnFlag = (path: string, flag: ReturnFlag): string =>
  `${path}${path.includes('?') ? '&' : '?'}${encodeURIComponent(flag.name)}=${encodeURIComponent(flag.value)}`;

/**
 * What happened before the browser came back to this page (a cancelled checkout, a deleted account), said
 * when the URL carries `flag`. The flag is taken off the URL at once (replacing the history entry), so a
 * reload, a bookmark or the back button does not say it again; the message stays until dismissed.
 */
export function ReturnNotice({
  flag,
  children,
  testId,
  tone = 'info',
}: {
  readonly flag: ReturnFlag;
  readonly children: ReactNode;
  readonly testId: string;
  readonly tone?: 'info' | 'success';
}) {
  const [params, setParams] = useSearchParams();
  const flagged = params.get(flag.name) === flag.value;
  const [shown, setShown] = useState(flagged);

  useEffect(() => {
    if (!flagged) return;
    setShown(true);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(flag.name);
        return next;
      },
      { replace: true },
    );
  }, [flagged, flag.name, setParams]);

  if (!shown) return null;
  return (
    <div className={`notice notice--${tone} notice--dismissible`} role="status" data-testid={testId}>
      <p className="notice__text">{children}</p>
      <button
        type="button"
        className="icon-button notice__dismiss"
        aria-label="Dismiss message"
        onClick={() => setShown(false)}
      >
        ×
      </button>
    </div>
  );
}
