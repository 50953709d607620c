/** Spec section 5: tracking is skipped when the browser's do-not-track is on. */
export function isDoNotTrackEnabled(
  nav: Pick<Navigator, 'doNotTrack'> | undefined = typeof navigator === 'undefined' ? undefined : navigator,
): boolean {
  if (!nav) return false;
  const legacy = (globalThis as { doNotTrack?: string }).doNotTrack;
  return nav.doNotTrack === '1' || legacy === '1';
}

export function isTrackingAllowed(): boolean {
  return !isDoNotTrackEnabled();
}
