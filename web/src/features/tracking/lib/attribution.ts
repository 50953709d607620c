import type { AttributionInput } from '@stride/domain/contracts/users';
import { deriveAcquisitionChannel, type AcquisitionChannel } from '@stride/domain/analytics/acquisition-channel';
import { readJson, removeKey, storageKeys, writeJson } from '../../../lib/storage';
import { isDoNotTrackEnabled } from './do-not-track';

/** Spec section 9: attribution is kept 30 days. */
export const ATTRIBUTION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface StoredAttribution extends AttributionInput {
  readonly acquisition_channel: AcquisitionChannel;
  readonly expires_at: number;
}

const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

const isStoredAttribution = (value: unknown): value is StoredAttribution =>
  typeof value === 'object' && value !== null && typeof (value as StoredAttribution).expires_at === 'number';

/** The referrer only when it is another site (navigations inside the product are not a source). */
function externalReferrer(referrer: string, currentOrigin: string): string | null {
  if (!referrer) return null;
  try {
    return new URL(referrer).origin === currentOrigin ? null : referrer;
  } catch {
    return null;
  }
}

export interface CaptureInput {
  readonly url: string;
  readonly referrer: string;
  readonly now?: number;
}

/**
 * First touch wins: a visit with UTM parameters or an outside referrer is stored for 30 days unless an
 * unexpired record already exists. Nothing is stored while do-not-track is on.
 */
export function captureAttribution({ url, referrer, now = Date.now() }: CaptureInput): StoredAttribution | null {
  if (isDoNotTrackEnabled()) return null;
  const existing = readAttribution(now);
  if (existing) return existing;

  const parsed = new URL(url);
  const utm = Object.fromEntries(
    UTM_FIELDS.map((field) => [field, parsed.searchParams.get(field)?.trim().slice(0, 200) || null]),
  ) as Record<(typeof UTM_FIELDS)[number], string | null>;
  const referrer_url = externalReferrer(referrer, parsed.origin)?.slice(0, 2000) ?? null;
  const hasUtm = UTM_FIELDS.some((field) => utm[field]);
  if (!hasUtm && !referrer_url) return null;

  const record: StoredAttribution = {
    ...utm,
    referrer_url,
    landing_page: `${parsed.pathname}${parsed.search}`.slice(0, 2000),
    first_touch_date: new Date(now).toISOString(),
    acquisition_channel: deriveAcquisitionChannel({
      utm_source: utm.utm_source,
      utm_medium: utm.utm_medium,
      referrer_url,
    }),
    expires_at: now + ATTRIBUTION_TTL_MS,
  };
  writeJson(storageKeys.attribution, record);
  return record;
}

export function readAttribution(now = Date.now()): StoredAttribution | null {
  const record = readJson(storageKeys.attribution, isStoredAttribution);
  if (!record) return null;
  if (record.expires_at <= now) {
    removeKey(storageKeys.attribution);
    return null;
  }
  return record;
}

/** What ensure-user-exists accepts (the server derives the channel itself). */
export function attributionForSignup(now = Date.now()): AttributionInput | null {
  const record = readAttribution(now);
  if (!record) return null;
  return {
    utm_source: record.utm_source ?? null,
    utm_medium: record.utm_medium ?? null,
    utm_campaign: record.utm_campaign ?? null,
    utm_term: record.utm_term ?? null,
    utm_content: record.utm_content ?? null,
    referrer_url: record.referrer_url ?? null,
    landing_page: record.landing_page ?? null,
    first_touch_date: record.first_touch_date ?? null,
  };
}

/** Spec section 4: cleared after the signup sync. */
export function clearAttribution(): void {
  removeKey(storageKeys.attribution);
}
