import { z } from 'zod';

/**
 * The tier vocabulary, declared once, in the order plans are presented: current plans by price (free,
 * starter, pro, team), then the legacy, grandfathered ones (lite, basic). Events, plans, limits and the
 * HTTP contracts all use this.
 */
export const subscriptionTierValues = ['free', 'starter', 'pro', 'team', 'lite', 'basic'] as const;
export const subscriptionTierSchema = z.enum(subscriptionTierValues);
export type SubscriptionTier = z.infer<typeof subscriptionTierSchema>;

/** The tiers a subscription can be on (every tier but free). */
export const paidTierSchema = subscriptionTierSchema.exclude(['free']);
export type PaidTier = z.infer<typeof paidTierSchema>;

/** A subscription's status as the payment provider reports it. */
export const subscriptionStatusValues = ['active', 'canceled', 'past_due'] as const;
export const subscriptionStatusSchema = z.enum(subscriptionStatusValues);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
