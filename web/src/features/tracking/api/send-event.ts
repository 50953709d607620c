import type { TrackedEventInput } from '@stride/domain/analytics/tracked-events';
import { apiClient } from '../../../lib/api-client';

/** POST /api/analytics/events (spec section 7). The answer is not used. */
export function sendEvent(payload: TrackedEventInput): Promise<unknown> {
  return apiClient.post('/analytics/events', payload, { readYourWrites: false });
}
