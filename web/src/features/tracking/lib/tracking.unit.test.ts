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
  it('wait (no 401s) and go out with their time and path once the visitor signs in', async () => {
    Object.defineProperty(window.navigator, 'doNotTrack', { value: '0', configurable: true });
    const { clearPendingEvents } = await import('./tracker');
    clearPendingEvents();
    const sender = vi.fn(async (_payload: unknown) => undefined);
    setEventSender(sender);
    setTrackingIdentity({ userId: null, tier: null });
    expect(await trackEvent('page_viewed', { path: '/' })).toBe(false);
    expect(sender).not.toHaveBeenCalled();

    setTrackingIdentity({ userId: 'user-9', tier: 'free' });
    await vi.waitFor(() =>
      expect(sender.mock.calls.map(([p]) => (p as { event: string }).event)).toContain('page_viewed'),
    );
    const sent = sender.mock.calls.find(([p]) => (p as { event: string }).event === 'page_viewed')![0] as {
      context: { userId: string; path: string };
    };
    expect(sent.context.userId).toMatch(/^[0-9a-f]{64}$/);
    setTrackingIdentity({ userId: null, tier: null });
  });
});
