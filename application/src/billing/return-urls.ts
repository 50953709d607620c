import { DomainError } from '@stride/domain/shared/domain-error';

/**
 * Where checkout and the billing portal send the browser back to. Paths resolve against the site's origin;
 * absolute URLs must be on one of the site's origins (PUBLIC_URL, the API's own, or the calling page's),
 * so the billing endpoints cannot be turned into open redirects.
 */
export interface SiteOrigins {
  /** The origin links are built on: PUBLIC_URL's when configured, else the request's. */
  readonly primary: string;
  readonly allowed: readonly string[];
}

export function siteOrigins(input: { publicUrl?: string; requestOrigin: string; pageOrigin?: string }): SiteOrigins {
  const publicOrigin = input.publicUrl ? new URL(input.publicUrl).origin : null;
  const allowed = [publicOrigin, input.requestOrigin, input.pageOrigin].filter(
    (origin): origin is string => typeof origin === 'string' && origin !== '' && origin !== 'null',
  );
  return { primary: publicOrigin ?? input.requestOrigin, allowed: [...new Set(allowed)] };
}

export function resolveReturnUrl(
  value: string | undefined,
  fallbackPath: string,
  origins: SiteOrigins,
  field: string,
): string {
  const candidate = value?.trim() || fallbackPath;
  // Parse first, then compare origins: a browser (and `new URL`) reads `\` as `/` and drops tabs and newlines,
  // so a prefix check on the raw string ('/' but not '//') lets "/\\evil.example" or "/\t/evil.example" escape.
  let url: URL;
  try {
    url = URL.canParse(candidate) ? new URL(candidate) : new URL(candidate, origins.primary);
  } catch {
    throw new DomainError('validation', 'Expected a path on this site or a URL of this site', { field });
  }
  if (!URL.canParse(candidate) && !candidate.startsWith('/')) {
    throw new DomainError('validation', 'Expected a path on this site or a URL of this site', { field });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new DomainError('validation', 'Return URLs must point to this site', { field });
  }
  if (!origins.allowed.includes(url.origin) && url.origin !== new URL(origins.primary).origin) {
    throw new DomainError('validation', 'Return URLs must point to this site', { field });
  }
  if (url.username !== '' || url.password !== '') {
    throw new DomainError('validation', 'Return URLs must not carry credentials', { field });
  }
  return url.toString();
}
