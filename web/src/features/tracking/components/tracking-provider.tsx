import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { onProductEvent } from '../../../lib/product-events';
import { readString, writeString, STORAGE_PREFIX } from '../../../lib/storage';
import { localIsoDate } from '../../../lib/format';
import { captureAttribution } from '../lib/attribution';
import { endSessionOnExit, pageVisibleAgain, setTrackingIdentity, trackEvent } from '../lib/tracker';

const DAILY_ACTIVE_KEY = `${STORAGE_PREFIX}tracking-daily-active`;

interface TrackingProviderProps {
  readonly userId: string | null;
  readonly tier: string | null;
  /** The auth session is settled and nobody is signed in (a visitor's page views go out anonymously). */
  readonly signedOut?: boolean;
  readonly children: ReactNode;
}

/** Captures attribution on landing, sends page views, daily-active and every emitted product event. */
export function TrackingProvider({ userId, tier, signedOut = false, children }: TrackingProviderProps) {
  const location = useLocation();

  useEffect(() => {
    if (!userId) captureAttribution({ url: window.location.href, referrer: document.referrer });
    // Only the landing URL counts: run once.
  }, []);

  useEffect(() => {
    setTrackingIdentity({ userId, tier, signedOut });
    if (!userId) return;
    const today = localIsoDate();
    if (readString(DAILY_ACTIVE_KEY) !== `${userId}:${today}`) {
      writeString(DAILY_ACTIVE_KEY, `${userId}:${today}`);
      void trackEvent('daily_active');
    }
  }, [userId, tier, signedOut]);

  useEffect(() => onProductEvent((event, properties) => void trackEvent(event, properties)), []);

  // Session end when the tab is hidden or the page unloads (not only at sign-out).
  useEffect(() => {
    if (!userId) return;
    const onVisibility = () => (document.visibilityState === 'hidden' ? endSessionOnExit() : pageVisibleAgain());
    window.addEventListener('pagehide', endSessionOnExit);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', endSessionOnExit);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [userId]);

  useEffect(() => {
    void trackEvent('page_viewed', { path: location.pathname });
  }, [location.pathname]);

  return <>{children}</>;
}
