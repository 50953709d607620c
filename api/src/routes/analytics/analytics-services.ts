import { DomainError } from '@stride/domain/shared/domain-error';
import type { AnalyticsServices } from '@stride/workers/pipeline';
import { HttpError } from '../../http/http-errors';
import type { AppServices } from '../../services/app-services';

declare module '../../services/app-services' {
  interface AppServiceExtensions {
    /** The analytics pipeline's API side (set where the app is put together, from `startPipeline`). */
    analytics: AnalyticsServices;
  }
}

/**
 * The pipeline, read per request: a process put together without it (a test app of another module) still
 * boots, and its analytics routes answer 503.
 */
export function ensureAnalytics(services: AppServices): AnalyticsServices {
  if (!services.analytics) {
    throw new HttpError(503, 'analytics_unavailable', 'Analytics are not running in this process');
  }
  return services.analytics;
}

export const notFound = (what: string): DomainError => new DomainError('not_found', `${what} not found`);
