/**
 * The paid plan a visitor chose before signing up ("Start with Pro"), kept through sign-up (including
 * the identity provider's redirects, same tab) so the new account goes straight on to that checkout.
 * Session storage: it belongs to this tab's sign-up, and it expires after an hour.
 */
const KEY = 'stride:intended-plan';
const TTL_MS = 60 * 60 * 1000;

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberIntendedPlan(planId: string, now = Date.now()): void {
  if (!/^[a-z]{2,20}$/.test(planId) || planId === 'free') return;
  try {
    store()?.setItem(KEY, JSON.stringify({ planId, at: now }));
  } catch {
    /* storage full or unavailable: the user picks the plan again after sign-up */
  }
}

export function readIntendedPlan(now = Date.now()): string | null {
  try {
    const raw = store()?.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as { planId?: unknown; at?: unknown };
    if (typeof value.planId !== 'string' || typeof value.at !== 'number' || now - value.at > TTL_MS) return null;
    return value.planId;
  } catch {
    return null;
  }
}

export function clearIntendedPlan(): void {
  try {
    store()?.removeItem(KEY);
  } catch {
    /* nothing to clear */
  }
}

/** The sign-up link that remembers a plan: '/sign-up?plan=pro'. */
export const signUpHref = (planId?: string | null): string =>
  planId && planId !== 'free' ? `/sign-up?plan=${encodeURIComponent(planId)}` : '/sign-up';
