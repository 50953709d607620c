import { describe, expect, it } from 'vitest';
import { isApiRoute, isExternalRoute, isPublicRoute } from './public-routes';

describe('public routes', () => {
  it('lists exactly the routes that need no token', () => {
    for (const route of [
      '/api/health',
      '/api/config',
      '/api/dev/sign-in',
      '/api/plans',
      // Signed-out visitors' page views; the route itself refuses every other event without a user.
      '/api/analytics/events',
      '/api/stripe/webhook',
      '/api/stripe/test-checkout/:id',
    ]) {
      expect(isPublicRoute(route), route).toBe(true);
    }
    for (const route of [
      '/api/goals/list',
      '/api/analytics/track-event',
      '/api/analytics/events/x',
      '/api/healthz',
      '/api/stripe/sync-subscription-bypass',
      '/api/dev/other',
      '/api',
    ]) {
      expect(isPublicRoute(route), route).toBe(false);
    }
  });
  it('knows the API and what is called from outside (no API key, no signature)', () => {
    expect(isApiRoute('/api/goals/list')).toBe(true);
    expect(isApiRoute('/apis')).toBe(false);
    expect(isApiRoute('/daily')).toBe(false);
    expect(isExternalRoute('/api/stripe/webhook')).toBe(true);
    expect(isExternalRoute('/api/config')).toBe(false);
  });
});
