import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../../lib/storage';
import {
  ATTRIBUTION_TTL_MS,
  attributionForSignup,
  captureAttribution,
  clearAttribution,
  readAttribution,
} from './attribution';
import { isDoNotTrackEnabled } from './do-not-track';
import { SESSION_TTL_MS, touchSession } from './session-id';
import { setEventSender, setTrackingIdentity, trackEvent } from './tracker';

function setDoNotTrack(value: string | null) {
  Object.defineProperty(window.navigator, 'doNotTrack', { value, configurable: true });
}

describe('do-not-track', () => {
  afterEach(() => setDoNotTrack(null));

  it('reads navigator.doNotTrack', () => {
    setDoNotTrack('1');
    expect(isDoNotTrackEnabled()).toBe(true);
    setDoNotTrack('0');
    expect(isDoNotTrackEnabled()).toBe(false);
  });

  it('sends nothing and stores no attribution while it is on', async () => {
    setDoNotTrack('1');
    const sender = vi.fn(async () => undefined);
    setEventSender(sender);
    expect(await trackEvent('goal_created')).toBe(false);
    expect(captureAttribution({ url: 'https://stride.app/?utm_source=facebook', referrer: '' })).toBeNull();
    expect(localStorage.getItem(storageKeys.attribution)).toBeNull();
    expect(sender).not.toHaveBeenCalled();
  });

  it('sends events with a hashed user id, session id, tier and path when allowed', async () => {
    setDoNotTrack('0');
    const sender = vi.fn(async (_payload: unknown) => undefined);
    setEventSender(sender);
    setTrackingIdentity({ userId: 'user-1', tier: 'pro' });
    expect(await trackEvent('goal_created', { category: 'health' })).toBe(true);
    const calls = sender.mock.calls.map(
      (c) => c[0] as { event: string; properties: Record<string, unknown>; context: Record<string, string> },
    );
    expect(calls.map((c) => c.event)).toEqual(['session_started', 'goal_created']);
    const { context, properties } = calls[1]!;
    expect(properties).toEqual({ category: 'health' });
    expect(context.userId).toMatch(/^[0-9a-f]{64}$/);
    expect(context.userId).not.toContain('user-1');
    expect(context.tier).toBe('pro');
    expect(context.sessionId).toBeTruthy();
    expect(context.path).toBe(window.location.pathname);
    expect(new Date(context.timestamp!).toString()).not.toBe('Invalid Date');
  });

  it('ignores names that are not snake_case', async () => {
    setDoNotTrack('0');
    const sender = vi.fn(async () => undefined);
    setEventSender(sender);
    expect(await trackEvent('Goal Created')).toBe(false);
    expect(sender).not.toHaveBeenCalled();
  });
});

describe('session id', () => {
  it('lasts 30 minutes after the last activity', () => {
    const t0 = 1_000_000;
    const first = touchSession(t0);
    expect(first.isNew).toBe(true);
    expect(touchSession(t0 + SESSION_TTL_MS - 1)).toEqual({ id: first.id, isNew: false, startedAt: t0 });
    const later = touchSession(t0 + 2 * SESSION_TTL_MS);
    expect(later.isNew).toBe(true);
    expect(later.id).not.toBe(first.id);
  });
});

describe('attribution capture', () => {
  beforeEach(() => setDoNotTrack(null));

  it('captures UTM parameters with the derived channel and keeps them 30 days', () => {
    const now = Date.parse('2025-03-01T10:00:00Z');
    const record = captureAttribution({
      url: 'https://stride.app/?utm_source=newsletter&utm_medium=email&utm_campaign=spring',
      referrer: '',
      now,
    });
    expect(record).toMatchObject({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      acquisition_channel: 'Email',
      landing_page: '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring',
    });
    expect(readAttribution(now + ATTRIBUTION_TTL_MS - 1)).not.toBeNull();
    expect(readAttribution(now + ATTRIBUTION_TTL_MS)).toBeNull();
    expect(localStorage.getItem(storageKeys.attribution)).toBeNull();
  });

  it('derives channels from UTM data and from the referrer', () => {
    const channel = (url: string, referrer = '') => {
      clearAttribution();
      return captureAttribution({ url, referrer })?.acquisition_channel ?? null;
    };
    expect(channel('https://stride.app/?utm_source=linkedin')).toBe('Social');
    expect(channel('https://stride.app/?utm_source=google&utm_medium=cpc')).toBe('Paid Search');
    expect(channel('https://stride.app/?utm_source=site&utm_medium=banner')).toBe('Display');
    expect(channel('https://stride.app/?utm_source=google&utm_medium=organic')).toBe('Organic Search');
    expect(channel('https://stride.app/', 'https://www.google.com/search?q=stride')).toBe('Organic Search');
    expect(channel('https://stride.app/', 'https://www.reddit.com/r/productivity')).toBe('Social');
    expect(channel('https://stride.app/', 'https://someblog.example/post')).toBe('Referral');
    expect(channel('https://stride.app/', 'https://stride.app/blog')).toBeNull();
    expect(channel('https://stride.app/')).toBeNull();
  });

  it('first touch wins and the signup payload has only the contract fields', () => {
    captureAttribution({ url: 'https://stride.app/?utm_source=twitter', referrer: '' });
    captureAttribution({ url: 'https://stride.app/?utm_source=google&utm_medium=cpc', referrer: '' });
    const payload = attributionForSignup();
    expect(payload?.utm_source).toBe('twitter');
    expect(Object.keys(payload!).sort()).toEqual([
      'first_touch_date',
      'landing_page',
      'referrer_url',
      'utm_campaign',
      'utm_content',
      'utm_medium',
      'utm_source',
      'utm_term',
    ]);
    clearAttribution();
    expect(attributionForSignup()).toBeNull();
  });
});

describe('events of a visitor without a session', () => {
  type Sent = { event: string; context: Record<string, string | undefined> };
  const sentOf = (sender: ReturnType<typeof vi.fn>) => sender.mock.calls.map(([p]) => p as Sent);

  beforeEach(async () => {
    setDoNotTrack('0');
    localStorage.clear();
    const { clearPendingEvents } = await import('./tracker');
    clearPendingEvents();
    setTrackingIdentity({ userId: null, tier: null, signedOut: true });
  });
  afterEach(() => {
    setTrackingIdentity({ userId: null, tier: null });
    Object.defineProperty(window.navigator, 'globalPrivacyControl', { value: undefined, configurable: true });
  });

  it('sends page views at once under a random anonymous id, with no user id and no user agent', async () => {
    const sender = vi.fn(async (_payload: unknown) => undefined);
    setEventSender(sender);
    expect(await trackEvent('page_viewed', { path: '/' })).toBe(true);
    expect(await trackEvent('page_viewed', { path: '/pricing' })).toBe(true);
    const sent = sentOf(sender);
    expect(sent.map((p) => p.event)).toEqual(['session_started', 'page_viewed', 'page_viewed']);
    const ids = new Set(sent.map((p) => p.context.anonymousId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^[0-9a-f-]{36}$/);
    for (const { context } of sent) {
      expect(context.userId).toBeUndefined();
      expect(context.userAgent).toBeUndefined();
    }
  });

  it('keeps other events (no 401s) and sends them with their time and path once the visitor signs in, after user_identified with the anonymous id, which is then dropped', async () => {
    const sender = vi.fn(async (_payload: unknown) => undefined);
    setEventSender(sender);
    await trackEvent('page_viewed', { path: '/' });
    const anonymous = sentOf(sender)[0]!.context.anonymousId;
    expect(await trackEvent('feature_used', { name: 'x' })).toBe(false);
    expect(sentOf(sender).map((p) => p.event)).not.toContain('feature_used');
    setTrackingIdentity({ userId: 'user-9', tier: 'free' });
    await vi.waitFor(() => expect(sentOf(sender).map((p) => p.event)).toContain('feature_used'));
    await vi.waitFor(() => expect(sentOf(sender).map((p) => p.event)).toContain('user_identified'));
    const identify = sentOf(sender).find((p) => p.event === 'user_identified')!;
    expect(identify.context.anonymousId).toBe(anonymous);
    expect(identify.context.userId).toMatch(/^[0-9a-f]{64}$/);
    const queued = sentOf(sender).find((p) => p.event === 'feature_used')!;
    expect(queued.context.userId).toMatch(/^[0-9a-f]{64}$/);
    expect(queued.context.anonymousId).toBeUndefined();
    expect(localStorage.getItem(storageKeys.anonymousId)).toBeNull();
    // Signed in, nothing else carries the anonymous id, and identify is not sent again.
    await trackEvent('page_viewed', { path: '/daily' });
    setTrackingIdentity({ userId: 'user-9', tier: 'free' });
    expect(sentOf(sender).filter((p) => p.event === 'user_identified')).toHaveLength(1);
    expect(sentOf(sender).at(-1)!.context.anonymousId).toBeUndefined();
  });

  it('keeps page views while the session is still loading (not sent as a stranger’s), then sends them as the visitor’s once signed out is settled', async () => {
    const sender = vi.fn(async (_payload: unknown) => undefined);
    setEventSender(sender);
    setTrackingIdentity({ userId: null, tier: null });
    expect(await trackEvent('page_viewed', { path: '/' })).toBe(false);
    expect(await trackEvent('feature_used')).toBe(false);
    expect(sender).not.toHaveBeenCalled();
    setTrackingIdentity({ userId: null, tier: null, signedOut: true });
    await vi.waitFor(() => expect(sentOf(sender).map((p) => p.event)).toContain('page_viewed'));
    expect(sentOf(sender).map((p) => p.event)).not.toContain('feature_used');
    expect(sentOf(sender).find((p) => p.event === 'page_viewed')!.context.anonymousId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps page views of a signed-in user whose data is loading, and sends them under the user', async () => {
    const sender = vi.fn(async (_payload: unknown) => undefined);
    setEventSender(sender);
    setTrackingIdentity({ userId: null, tier: null });
    expect(await trackEvent('page_viewed', { path: '/daily' })).toBe(false);
    setTrackingIdentity({ userId: 'user-3', tier: 'pro' });
    await vi.waitFor(() => expect(sentOf(sender).map((p) => p.event)).toContain('page_viewed'));
    const viewed = sentOf(sender).find((p) => p.event === 'page_viewed')!;
    expect(viewed.context.userId).toMatch(/^[0-9a-f]{64}$/);
    expect(viewed.context.anonymousId).toBeUndefined();
    expect(sentOf(sender).map((p) => p.event)).not.toContain('user_identified');
    expect(localStorage.getItem(storageKeys.anonymousId)).toBeNull();
  });

  it('sends nothing and stores no anonymous id under Global Privacy Control', async () => {
    Object.defineProperty(window.navigator, 'globalPrivacyControl', { value: true, configurable: true });
    const sender = vi.fn(async () => undefined);
    setEventSender(sender);
    expect(isDoNotTrackEnabled()).toBe(true);
    expect(await trackEvent('page_viewed', { path: '/' })).toBe(false);
    expect(sender).not.toHaveBeenCalled();
    expect(localStorage.getItem(storageKeys.anonymousId)).toBeNull();
  });
});
