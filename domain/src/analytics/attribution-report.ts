import { parseTier } from '../plans/limits';
import { planPriceCentsByTier } from '../plans/plan-catalogue';
import {
  acquisitionChannelSchema,
  deriveAcquisitionChannel,
  type AcquisitionChannel,
  type AttributionRecord,
} from './acquisition-channel';

/**
 * The attribution report by acquisition channel (first touch): which events make a user activated, a paid
 * conversion, and revenue.
 *
 * DECISION: billing events carry tiers, not amounts (Stripe's invoices stay in Stripe). Revenue is booked
 * from the plan catalogue: each paid activation counts its tier's monthly price once. An event that does
 * carry `amountCents` (a future invoice event) counts that amount instead.
 */

/** A user is activated once they have created a goal. */
export const ACTIVATION_EVENT_TYPES: readonly string[] = ['GoalCreated'];

/** A paid subscription started (the billing stream's activation). */
export const PAID_CONVERSION_EVENT_TYPES: readonly string[] = ['SubscriptionActivated'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The revenue (cents) an event books; 0 for events that book none. */
export function revenueCentsOf(eventType: string, data: unknown): number {
  if (!isRecord(data)) return 0;
  const amount = data.amountCents;
  if (typeof amount === 'number' && Number.isInteger(amount) && amount > 0) return amount;
  if (PAID_CONVERSION_EVENT_TYPES.includes(eventType) && typeof data.tier === 'string') {
    return planPriceCentsByTier[parseTier(data.tier)];
  }
  return 0;
}

/** The channel of a user's attribution record; a user who arrived without one came Direct. */
export function channelOfAttribution(
  record: Pick<AttributionRecord, 'acquisition_channel'> | null | undefined,
): AcquisitionChannel {
  if (record) {
    const parsed = acquisitionChannelSchema.safeParse(record.acquisition_channel);
    if (parsed.success) return parsed.data;
  }
  return deriveAcquisitionChannel({});
}

export const ALL_CHANNELS: readonly AcquisitionChannel[] = acquisitionChannelSchema.options;
