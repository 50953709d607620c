import { z } from 'zod';

/**
 * Where a user came from (spec section 4, "Attribution"), derived from the first-touch UTM parameters
 * and referrer. Matching is case-insensitive and ignores surrounding whitespace.
 */

export const acquisitionChannelSchema = z.enum([
  'Social',
  'Paid Search',
  'Display',
  'Email',
  'Organic Search',
  'Referral',
  'Direct',
]);
export type AcquisitionChannel = z.infer<typeof acquisitionChannelSchema>;

const utmText = z.string().max(200).nullish();
const urlText = z.string().max(2000).nullish();
const dateText = z.string().max(40).nullish();

/** The attribution record kept for a user (spec section 3). */
export const attributionRecordSchema = z.object({
  utm_source: utmText,
  utm_medium: utmText,
  utm_campaign: utmText,
  utm_term: utmText,
  utm_content: utmText,
  referrer_url: urlText,
  landing_page: urlText,
  acquisition_channel: acquisitionChannelSchema,
  first_touch_date: dateText,
  signup_date: dateText,
});
export type AttributionRecord = z.infer<typeof attributionRecordSchema>;

export interface AttributionSignals {
  readonly utm_source?: string | null;
  readonly utm_medium?: string | null;
  readonly referrer_url?: string | null;
}

export const SOCIAL_UTM_SOURCES: readonly string[] = [
  'facebook',
  'twitter',
  'linkedin',
  'instagram',
  'tiktok',
  'youtube',
];
export const PAID_SEARCH_MEDIUMS: readonly string[] = ['cpc', 'ppc', 'paid'];
export const DISPLAY_MEDIUMS: readonly string[] = ['display', 'banner'];

/** Matched against the labels of the referrer's host name (so google.co.uk and www.bing.com match). */
export const SEARCH_ENGINE_NAMES: readonly string[] = [
  'google',
  'bing',
  'yahoo',
  'duckduckgo',
  'baidu',
  'yandex',
  'ecosia',
];
export const SOCIAL_SITE_NAMES: readonly string[] = [
  'facebook',
  'twitter',
  'linkedin',
  'instagram',
  'tiktok',
  'youtube',
  'reddit',
  'pinterest',
];
/** Social sites recognised by their whole domain (short names that would be ambiguous as a label). */
export const SOCIAL_SITE_DOMAINS: readonly string[] = ['x.com', 't.co'];

const normalise = (value: string | null | undefined): string => (value ?? '').trim().toLowerCase();

/**
 * The host name of a referrer, lower-cased, without scheme, credentials, port, path or a leading
 * "www."; '' when there is none. Parsed by hand: the domain package has no URL global in its types.
 */
export function referrerHost(referrer: string | null | undefined): string {
  let rest = normalise(referrer);
  rest = rest.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/^\/\//, '');
  rest = rest.split(/[/?#]/, 1)[0] ?? '';
  const at = rest.lastIndexOf('@');
  if (at >= 0) rest = rest.slice(at + 1);
  rest = rest.replace(/:\d*$/, '').replace(/\.$/, '');
  return rest.replace(/^www\./, '');
}

const hostHasLabel = (host: string, names: readonly string[]): boolean =>
  host.split('.').some((label) => names.includes(label));

const hostIsDomain = (host: string, domains: readonly string[]): boolean =>
  domains.some((domain) => host === domain || host.endsWith(`.${domain}`));

/** The referrer's channel: search engines => Organic Search, social sites => Social, else Referral. */
export function channelFromReferrer(referrer: string | null | undefined): AcquisitionChannel | null {
  const host = referrerHost(referrer);
  if (host === '') return null;
  if (hostHasLabel(host, SEARCH_ENGINE_NAMES)) return 'Organic Search';
  if (hostHasLabel(host, SOCIAL_SITE_NAMES) || hostIsDomain(host, SOCIAL_SITE_DOMAINS)) return 'Social';
  return 'Referral';
}

/**
 * Spec section 4, in its order:
 * 1. Social: utm_source is facebook, twitter, linkedin, instagram, tiktok or youtube.
 * 2. Paid Search: utm_medium is cpc, ppc or paid.
 * 3. Display: utm_medium is display or banner.
 * 4. Email: utm_medium is email or utm_source is newsletter.
 * 5. Organic Search: utm_source google with utm_medium organic.
 * 6. Without UTM data the referrer decides (search engine, social site, anything else = Referral).
 * 7. Otherwise Direct.
 *
 * DECISION: "UTM data" means a non-blank utm_source or utm_medium (the only UTM fields the rules read).
 * Following the spec literally, UTM data that matches no rule gives Direct, not the referrer's channel.
 */
export function deriveAcquisitionChannel(signals: AttributionSignals): AcquisitionChannel {
  const source = normalise(signals.utm_source);
  const medium = normalise(signals.utm_medium);

  if (SOCIAL_UTM_SOURCES.includes(source)) return 'Social';
  if (PAID_SEARCH_MEDIUMS.includes(medium)) return 'Paid Search';
  if (DISPLAY_MEDIUMS.includes(medium)) return 'Display';
  if (medium === 'email' || source === 'newsletter') return 'Email';
  if (source === 'google' && medium === 'organic') return 'Organic Search';

  const hasUtmData = source !== '' || medium !== '';
  if (!hasUtmData) return channelFromReferrer(signals.referrer_url) ?? 'Direct';
  return 'Direct';
}
