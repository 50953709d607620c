import { z } from 'zod';
import { positionSchema } from './common';

// POST /api/usage/check-and-reset. userId must be the caller's own id (400 if missing, 403 if another's).
export const checkAndResetBodySchema = z.object({ userId: z.string().min(1, 'User ID is required') });
export const checkAndResetResponseSchema = z.object({
  reset: z.boolean(),
  current_month: z.string(),
  goals_this_month: z.number().int(),
  ai_generations_this_month: z.number().int(),
  position: positionSchema.nullable(),
});

/**
 * POST /api/usage/increment. Goal creation and AI breakdowns count themselves inside their own commands,
 * so this call never adds to a counter: it reconciles. It returns the authoritative server value (newValue)
 * for the type and whether one more would be allowed. See docs/decisions.md "usage/increment".
 */
export const incrementUsageBodySchema = z.object({
  type: z.enum(['goals', 'ai']),
  userId: z.string().min(1, 'User ID is required'),
});
export const incrementUsageResponseSchema = z.object({
  newValue: z.number().int(),
  limit: z.number().int(),
  allowed: z.boolean(),
  current_month: z.string(),
});
