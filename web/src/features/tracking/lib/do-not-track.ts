/**
 * Spec section 5: tracking is skipped when the browser's do-not-track is on; Global Privacy Control
 * (`navigator.globalPrivacyControl`, sent as `Sec-GPC: 1`) is honoured the same way (issue 13, item 15).
 */
export function isDoNotTrackEnabled(
  nav: (Pick<Navigator, 'doNotTrack'> & { globalPrivacyControl?: boolean }) | undefined = typeof navigator ===
  'undefined'
    ? undefined
    : navigator,
): boolean {
  if (!nav) return false;
  const legacy = (globalThis as { doNotTrack?: string }).doNotTrack;
  return nav.doNotTrack === '1' || legacy === '1' || nav.globalPrivacyControl === true;
}

export function isTrackingAllowed(): boolean {
  return !isDoNotTrackEnabled();
}
