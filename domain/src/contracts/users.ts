import { z } from 'zod';
import { attributionRecordSchema } from '../analytics/acquisition-channel';
import { subscriptionStatusSchema, subscriptionTierSchema } from '../plans/subscription-tiers';
import { emailSchema, nameSchema, preferenceValuesSchema } from '../users/user-events';
import { userTimeZoneSchema } from '../users/user-time-zone';
import { positionSchema } from './common';

/** The server user record of spec section 3, plus the derived fields the web app needs. */
export const serverUserRecordSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  subscription_tier: subscriptionTierSchema,
  subscription_status: subscriptionStatusSchema,
  goals_this_month: z.number().int(),
  ai_generations_this_month: z.number().int(),
  updated_at: z.string(),
  current_month: z.string(),
  payment_failed_at: z.string().nullable(),
  grace_period_ends_at: z.string().nullable(),
  // Beyond the spec's list, all derived from the same events:
  created_at: z.string(),
  last_reset_date: z.string().nullable(),
  active_goals_count: z.number().int(),
  goals_limit: z.number().int(), // -1 = unlimited
  ai_generations_limit: z.number().int(),
  onboarding_completed: z.boolean(),
  is_admin: z.boolean(),
  /** IANA zone the user's days, hours, streaks and usage months are counted in ('UTC' until one is known). */
  time_zone: z.string(),
});
export type ServerUserRecord = z.infer<typeof serverUserRecordSchema>;

/** What the web app reports of a first visit: the attribution record but what the server derives. */
export const attributionInputSchema = attributionRecordSchema
  .omit({ acquisition_channel: true, signup_date: true })
  .strict();
export type AttributionInput = z.infer<typeof attributionInputSchema>;

// POST /api/user/ensure-user-exists
export const ensureUserExistsBodySchema = z.object({
  /** Ignored: the email and name are the signed-in identity's (the session token's claims). */
  email: emailSchema.optional(),
  name: nameSchema.optional(),
  attribution: attributionInputSchema.nullish(),
  /** The browser's IANA zone; recorded only while the user has none (the profile can change it later). */
  timeZone: userTimeZoneSchema.nullish(),
});
export const ensureUserExistsResponseSchema = z.object({
  created: z.boolean(),
  user: serverUserRecordSchema,
  position: positionSchema,
});

// GET /api/user/get-user-data-simple -> serverUserRecordSchema
// GET /api/user/get-user-data-bypass
export const userUsageBypassResponseSchema = z.object({
  goals_this_month: z.number().int(),
  ai_generations_this_month: z.number().int(),
});

/** The count of preferences is checked on the merged preferences by the user decider. */
export const preferencesSchema = preferenceValuesSchema;

// GET /api/user/get-user-data
export const userDataResponseSchema = z.object({ id: z.string(), preferences: preferencesSchema });

// POST /api/user/update-preferences-simple
export const updatePreferencesBodySchema = z.object({ preferences: preferencesSchema });

// POST /api/user/complete-onboarding -> successResponseSchema

// POST /api/user/time-zone (the profile's choice)
export const changeTimeZoneBodySchema = z.object({ timeZone: userTimeZoneSchema });
export const changeTimeZoneResponseSchema = z.object({ time_zone: z.string(), position: positionSchema });

// POST /api/dev/sign-in (AUTH_MODE=dev only)
export const devSignInBodySchema = z.object({
  email: emailSchema,
  name: nameSchema.min(1),
});
export const devSignInResponseSchema = z.object({
  token: z.string(),
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), isAdmin: z.boolean() }),
});

// GET /api/config (public): what the web app needs before sign-in
export const publicConfigSchema = z.object({
  authMode: z.enum(['dev', 'clerk']),
  clerkPublishableKey: z.string().nullable(),
  paymentsMode: z.enum(['test-checkout', 'stripe']),
  supportEmail: z.string(),
  requestSigning: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
