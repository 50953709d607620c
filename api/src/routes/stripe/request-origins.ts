import type { FastifyRequest } from 'fastify';
import { siteOrigins, type SiteOrigins } from '@stride/application/billing/return-urls';

/** The origins a return URL may point at for this request (see billing/return-urls.ts). */
export function originsOf(request: FastifyRequest, publicUrl: string | undefined): SiteOrigins {
  const page = request.headers.origin;
  return siteOrigins({
    ...(publicUrl && { publicUrl }),
    requestOrigin: `${request.protocol}://${request.host}`,
    ...(typeof page === 'string' && { pageOrigin: page }),
  });
}
