import { z } from 'zod';
import { calendarDateSchema, calendarMonthSchema } from '../shared/calendar';

/** Every error response (spec section 8): `error` is the message, `details` what failed (e.g. the field). */
export const errorResponseSchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * Global log position of a command's last event, as a decimal string. Reads that pass it back
 * (`X-Min-Position` header or `minPosition` query) wait until the read models have caught up with it.
 */
export const positionSchema = z.string().regex(/^\d+$/);

export const MIN_POSITION_HEADER = 'x-min-position';
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const TIMESTAMP_HEADER = 'x-request-timestamp';
export const SIGNATURE_HEADER = 'x-request-signature';
export const API_KEY_HEADER = 'x-api-key';
export const RATE_LIMIT_RESET_HEADER = 'x-ratelimit-reset';

export const isoDateSchema = calendarDateSchema;
export const monthSchema = calendarMonthSchema;
export { idSchema } from '../shared/id';

export const successResponseSchema = z.object({ success: z.literal(true), position: positionSchema.optional() });
