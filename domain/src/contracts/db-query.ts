import { z } from 'zod';

/**
 * POST /api/db/query: the legacy data-service call (spec section 7), kept as a narrow gate. Only the
 * tables user_data, goals and tasks; only the caller's own rows; every write becomes the matching command.
 */
export const dbQueryBodySchema = z.object({
  table: z.enum(['user_data', 'goals', 'tasks']),
  operation: z.enum(['select', 'insert', 'update', 'delete']),
  data: z.record(z.string(), z.unknown()).optional(),
  filters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  orderBy: z
    .string()
    .regex(/^[a-z_]+:(asc|desc)$/, 'Expected column:asc or column:desc')
    .optional(),
});
export type DbQueryBody = z.infer<typeof dbQueryBodySchema>;
export const dbQueryResponseSchema = z.object({
  data: z.array(z.record(z.string(), z.unknown())),
  position: z.string().nullable(),
});
