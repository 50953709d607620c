import { useEffect } from 'react';
import { useIsFetching } from '@tanstack/react-query';

/**
 * Pre-rendered public pages (see app/prerender.tsx and index.html): the static copy shows while the app
 * loads (`html.has-prerender` hides the app's root); once the app has rendered the same page with its
 * data, the static copy is removed and the app shown, without replaying the page fade.
 */
export function revealApp(): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  const copy = document.getElementById('prerendered');
  if (root.classList.contains('has-prerender')) {
    root.classList.add('skip-first-fade');
    root.classList.remove('has-prerender');
    window.setTimeout(() => root.classList.remove('skip-first-fade'), 400);
  }
  copy?.remove();
}

/** Rendered next to a page: reveals the app once the page is mounted and none of its queries is loading. */
export function RevealApp() {
  const fetching = useIsFetching();
  useEffect(() => {
    if (fetching === 0) revealApp();
  }, [fetching]);
  return null;
}

/** Mounted outside the public pages (signed-in shell, sign-in...): reveal at once. */
export function RevealNow() {
  useEffect(() => revealApp(), []);
  return null;
}
