import { useEffect, useState } from 'react';
import { LogoMark } from '../../components/logo';

/** Spec section 9: the loading screen appears only after 200 ms, so quick loads never flash it. */
export const LOADING_GATE_DELAY_MS = 200;
export const LOADING_TEXT = 'Loading your goals';

export function LoadingGate({ delayMs = LOADING_GATE_DELAY_MS }: { readonly delayMs?: number }) {
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return <div className="loading-screen loading-screen--blank" aria-hidden="true" />;
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <div className="loading-screen__mark">
        <LogoMark size={48} />
      </div>
      <p className="loading-screen__text">{LOADING_TEXT}</p>
      <div className="loading-screen__bar" aria-hidden="true">
        <span />
      </div>
    </div>
  );
}
