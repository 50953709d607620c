import type { ClientUserData } from '../../../lib/current-user';
import { readString, storageKeys, writeString } from '../../../lib/storage';

/** Spec sections 4 and 9: urgent (red) at 2 days or fewer. */
export const BANNER_URGENT_DAYS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PaymentBannerState {
  readonly graceEnd: string;
  readonly daysRemaining: number;
  readonly urgent: boolean;
  /** 'N Days' or '1 Day'. */
  readonly daysText: string;
  readonly tone: BannerTone;
}

export const daysText = (days: number): string => `${days} ${days === 1 ? 'Day' : 'Days'}`;

export type BannerTone = 'warning' | 'urgent';

/** Dismissals are kept per grace end date and per tone (yellow and red are separate reminders). */
export function isBannerDismissed(graceEnd: string, tone: BannerTone): boolean {
  return readString(storageKeys.paymentBannerDismissed(graceEnd, tone)) === '1';
}

export function dismissBanner(graceEnd: string, tone: BannerTone): void {
  writeString(storageKeys.paymentBannerDismissed(graceEnd, tone), '1');
}

/**
 * Shown only when a grace end and a payment-failed date exist and the tier is not free; hidden when the
 * grace end is past or the banner was dismissed for this grace end date.
 */
export function paymentBannerState(
  user: Pick<ClientUserData, 'gracePeriodEndsAt' | 'paymentFailedAt' | 'subscriptionTier'> | null,
  now: number = Date.now(),
  dismissed: (graceEnd: string, tone: BannerTone) => boolean = isBannerDismissed,
): PaymentBannerState | null {
  if (!user?.gracePeriodEndsAt || !user.paymentFailedAt || user.subscriptionTier === 'free') return null;
  const end = Date.parse(user.gracePeriodEndsAt);
  if (Number.isNaN(end) || end <= now) return null;
  const daysRemaining = Math.max(1, Math.ceil((end - now) / DAY_MS));
  const urgent = daysRemaining <= BANNER_URGENT_DAYS;
  const tone: BannerTone = urgent ? 'urgent' : 'warning';
  if (dismissed(user.gracePeriodEndsAt, tone)) return null;
  return { graceEnd: user.gracePeriodEndsAt, daysRemaining, urgent, daysText: daysText(daysRemaining), tone };
}
