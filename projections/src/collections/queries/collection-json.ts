/**
 * A collection in the API's shape (collectionRowSchema). goal_ids lists only goals that still exist (a
 * deleted goal stays in the collection's stream but is not shown).
 */
export const COLLECTION_JSON = `jsonb_build_object(
  'id', co.id, 'user_id', co.user_id, 'name', co.name, 'description', co.description, 'color', co.color,
  'goal_ids', coalesce((SELECT jsonb_agg(member.goal_id ORDER BY member.ordinal)
                          FROM jsonb_array_elements_text(co.goal_ids) WITH ORDINALITY AS member(goal_id, ordinal)
                          JOIN goals g ON g.id = member.goal_id AND g.deleted_at IS NULL), '[]'::jsonb),
  'created_at', co.created_at, 'updated_at', co.updated_at)`;
