import { z } from 'zod';
import { collectionFields, collectionLimits } from '../collections/collection-events';
import { idSchema, positionSchema } from './common';

export const collectionRowSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string().nullable(),
  goal_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CollectionRow = z.infer<typeof collectionRowSchema>;

// GET /api/collections -> collectionRowSchema[] ; GET /api/collections/:id -> collectionRowSchema
export const createCollectionBodySchema = z.object({
  // the client's key; the collection's id is derived from (user, key) and answered in the body
  id: idSchema.optional(),
  name: z.string().trim().min(1, 'Name is required').max(collectionLimits.nameMax),
  description: collectionFields.description,
  color: collectionFields.color,
});
// PATCH /api/collections/:id
export const renameCollectionBodySchema = z.object({ name: collectionFields.name });
// POST /api/collections/:id/goals ; DELETE /api/collections/:id/goals/:goalId ; DELETE /api/collections/:id
export const collectionGoalBodySchema = z.object({ goalId: idSchema });
export const collectionMutationResponseSchema = z.object({
  collection: collectionRowSchema.nullable(),
  position: positionSchema.nullable(),
});
