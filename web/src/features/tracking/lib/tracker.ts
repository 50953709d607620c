import {
  ANONYMOUS_TRACKED_EVENTS,
  trackedEventNameSchema,
  USER_IDENTIFIED_EVENT,
  type TrackedProperties,
} from '@stride/domain/analytics/tracked-events';
import { sendEvent } from '../api/send-event';
import { anonymousId, forgetAnonymousId, storedAnonymousId } from './anonymous-id';
import { isTrackingAllowed } from './do-not-track';
import { touchSession } from './session-id';
import { hashUserId } from './user-hash';

interface Identity {
  readonly userId: string | null;
  readonly tier: string | null;
  /**
   * The auth session is settled and nobody is signed in: only then does an event go out as a visitor's.
   * While a signed-in user's data is still loading (no user id yet) events wait, so they are not sent as
   * a stranger's.
   */
  readonly signedOut?: boolean;
}

let identity: Identity = { userId: null, tier: null };
/** Hashed once when the identity is set, so an event sent while the page unloads has nothing slow to wait for. */
let hashedUserId: Promise<string> | null = null;

/**
 * A signed-out visitor's page views and session events go out at once under a random anonymous id
 * (anonymous-id.ts); their other events wait here and are sent, with their original time and path, once the
 * visitor signs up or in on this page. Signing in also sends `user_identified` with the anonymous id, which
 * joins the visitor's earlier events to the user (like an analytics tool's identify), and drops the id. At
 * most 30 events wait; a page load without a sign-in drops them.
 */
interface PendingEvent {
  readonly event: string;
  readonly properties: TrackedProperties;
  readonly at: string;
  readonly path: string;
}
const MAX_PENDING = 30;
let pending: PendingEvent[] = [];

export function setTrackingIdentity(next: Identity): void {
  identity = next;
  hashedUserId = next.userId ? hashUserId(next.userId) : null;
  hashedUserId?.catch(() => undefined);
  if (next.userId && storedAnonymousId()) void trackEvent(USER_IDENTIFIED_EVENT);
  if (!next.userId && next.signedOut && pending.some((item) => ANONYMOUS_TRACKED_EVENTS.includes(item.event))) {
    // A visitor after all: their page views go out now; the rest keeps waiting for a sign-in.
    const visitorEvents = pending.filter((item) => ANONYMOUS_TRACKED_EVENTS.includes(item.event));
    pending = pending.filter((item) => !ANONYMOUS_TRACKED_EVENTS.includes(item.event));
    for (const item of visitorEvents) void trackEvent(item.event, item.properties, { at: item.at, path: item.path });
  }
  if (next.userId && pending.length > 0) {
    const queued = pending;
    pending = [];
    // All at once (each with keepalive), so a navigation right after sign-up cannot cut the queue short.
    for (const item of queued) void trackEvent(item.event, item.properties, { at: item.at, path: item.path });
  }
}

/** Test seam: forget queued anonymous events. */
export function clearPendingEvents(): void {
  pending = [];
}

type Sender = typeof sendEvent;
let sender: Sender = sendEvent;
/** Test seam. */
export function setEventSender(next: Sender): void {
  sender = next;
}

/**
 * Sends one product event with its context. Nothing is sent when do-not-track is on; failures are
 * swallowed (tracking never disturbs the user). A new 30-minute session is announced first, and
 * session_ended carries duration_seconds (contracts/analytics: the pipeline's session length).
 */
export async function trackEvent(
  event: string,
  properties: TrackedProperties = {},
  original?: { readonly at: string; readonly path: string },
): Promise<boolean> {
  if (!isTrackingAllowed()) return false;
  if (!trackedEventNameSchema.safeParse(event).success) return false;
  if (!identity.userId && !(identity.signedOut && ANONYMOUS_TRACKED_EVENTS.includes(event))) {
    if (pending.length < MAX_PENDING)
      pending.push({ event, properties, at: new Date().toISOString(), path: window.location.pathname });
    return false;
  }
  // Signed out: the visitor's random id. Signed in: the id being joined, on user_identified only.
  const visitorId = identity.userId ? (event === USER_IDENTIFIED_EVENT ? storedAnonymousId() : null) : anonymousId();
  if (!identity.userId && !visitorId) return false;
  if (event === USER_IDENTIFIED_EVENT) {
    if (!visitorId) return false;
    forgetAnonymousId();
  }
  const session = touchSession();
  const props: TrackedProperties =
    event === 'session_ended'
      ? { ...properties, duration_seconds: Math.max(0, Math.round((Date.now() - session.startedAt) / 1000)) }
      : properties;
  const base = {
    sessionId: session.id,
    timestamp: original?.at ?? new Date().toISOString(),
    path: original?.path ?? window.location.pathname,
    ...(document.referrer ? { referrer: document.referrer.slice(0, 2000) } : {}),
    // A signed-out visitor's events carry nothing about their browser (the server keeps none either).
    ...(identity.userId ? { userAgent: navigator.userAgent.slice(0, 1000) } : {}),
    ...(identity.tier ? { tier: identity.tier } : {}),
  };
  try {
    const userId = identity.userId ? await (hashedUserId ?? hashUserId(identity.userId)) : undefined;
    const context = { ...base, ...(userId ? { userId } : {}), ...(visitorId ? { anonymousId: visitorId } : {}) };
    if (session.isNew && event !== 'session_started') {
      await sender({ event: 'session_started', properties: {}, context });
    }
    await sender({ event, properties: props, context });
    return true;
  } catch {
    return false;
  }
}

let sessionEndSent = false;

/**
 * The page is being hidden or unloaded (visibilitychange to hidden, pagehide): session_ended once per
 * hide, sent so that it survives the page (keepalive fetch, or the browser's beacon if that cannot start).
 * Coming back (visible) re-arms it; the next event continues the same 30-minute session.
 */
export function endSessionOnExit(): void {
  if (sessionEndSent) return;
  sessionEndSent = true;
  void trackEvent('session_ended', { reason: 'page_hidden' });
}

export function pageVisibleAgain(): void {
  sessionEndSent = false;
}
