import { defineTable } from '../core/table';

/** One user's monthly counters (spec section 3: goals_this_month, ai_generations_this_month, current_month). */
export type UsageCounterRow = {
  user_id: string;
  current_month: string;
  goals_this_month: number;
  ai_generations_this_month: number;
  last_reset_date: string | null;
  updated_at: string;
  /** The usage stream's version these counters reflect: deciding from the row checks it on append. */
  stream_version: number;
};

export const usageCountersTable = defineTable<UsageCounterRow, 'user_id'>({
  name: 'usage_counters',
  key: ['user_id'],
  columns: {
    user_id: 'text',
    current_month: 'text',
    goals_this_month: 'integer',
    ai_generations_this_month: 'integer',
    last_reset_date: 'instant',
    updated_at: 'instant',
    stream_version: 'integer',
  },
});
