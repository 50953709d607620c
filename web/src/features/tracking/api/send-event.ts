import type { TrackedEventInput } from '@stride/domain/analytics/tracked-events';
import { apiClient, isApiError } from '../../../lib/api-client';

/**
 * POST /api/analytics/events (spec section 7). The answer is not used. Every event goes with fetch
 * `keepalive`, so one sent just before a navigation (checkout) or while the page is hidden or unloaded
 * still arrives; unlike `navigator.sendBeacon` it carries the bearer token and the timestamp header.
 */
export async function sendEvent(payload: TrackedEventInput): Promise<unknown> {
  try {
    return await apiClient.post('/analytics/events', payload, { readYourWrites: false, keepalive: true });
  } catch (error) {
    // The page is going away and the keepalive fetch could not start: hand the event to the beacon.
    if (isApiError(error) && error.status === 0 && document.visibilityState === 'hidden' && beaconEvent(payload))
      return undefined;
    throw error;
  }
}

/**
 * The last resort while the page goes away, when a keepalive fetch cannot be started: the browser's
 * beacon (cookies only, no headers). Returns false when the browser refused it.
 */
export function beaconEvent(payload: TrackedEventInput): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  const body = new Blob([JSON.stringify(payload)], { type: 'application/json' });
  return navigator.sendBeacon('/api/analytics/events', body);
}
