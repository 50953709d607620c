import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

const MAX_WAIT_MS = 4000;

/** Scrolls to the element named by the hash (waiting for lazy pages to render it), else to the top. */
export function ScrollToHash() {
  const location = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(location.hash.replace(/^#/, ''));
    if (!id) {
      window.scrollTo({ top: 0 });
      return;
    }
    const started = Date.now();
    let frame = 0;
    const attempt = () => {
      const element = document.getElementById(id);
      if (element) {
        element.scrollIntoView({ behavior: 'smooth', block: 'start' });
        return;
      }
      if (Date.now() - started < MAX_WAIT_MS) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [location.key, location.hash]);
  return null;
}
