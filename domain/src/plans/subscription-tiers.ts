import { z } from 'zod';

/**
 * The tier vocabulary, declared once: free, starter and pro are sold today; lite and basic are legacy
 * (grandfathered); team also exists. Events, plans, limits and the HTTP contracts all use this.
 */
export const subscriptionTierValues = ['free', 'starter', 'lite', 'pro', 'basic', 'team'] as const;
export const subscriptionTierSchema = z.enum(subscriptionTierValues);
export type SubscriptionTier = z.infer<typeof subscriptionTierSchema>;

/** A subscription's status as the payment provider reports it. */
export const subscriptionStatusValues = ['active', 'canceled', 'past_due'] as const;
export const subscriptionStatusSchema = z.enum(subscriptionStatusValues);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
