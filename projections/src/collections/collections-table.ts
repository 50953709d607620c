import { defineTable } from '../core/table';

/** A collection and the ids of its goals, in the order they were added. Deleted collections have no row. */
export type CollectionRecord = {
  id: string;
  user_id: string;
  name: string;
  description: string | null;
  color: string | null;
  goal_ids: string[];
  created_at: string;
  updated_at: string;
};

export const collectionsTable = defineTable<CollectionRecord, 'id'>({
  name: 'collections',
  key: ['id'],
  columns: {
    id: 'text',
    user_id: 'text',
    name: 'text',
    description: 'text',
    color: 'text',
    goal_ids: 'jsonb',
    created_at: 'instant',
    updated_at: 'instant',
  },
});
