import { defineTable } from '../core/table';

/** A task of a saved template, in the API's shape (domain/src/contracts/templates.ts). */
export interface TemplateTaskRecord {
  title: string;
  description: string | null;
  estimated_minutes: number;
  energy_level: string;
}

/** A user's own goal template; deleted templates have no row. */
export interface TemplateRecord {
  id: string;
  user_id: string;
  title: string;
  description: string;
  category: string;
  priority: string;
  tasks: TemplateTaskRecord[];
  source_goal_id: string | null;
  created_at: string;
}

export const templatesTable = defineTable<TemplateRecord, 'id'>({
  name: 'goal_templates',
  key: ['id'],
  columns: {
    id: 'text',
    user_id: 'text',
    title: 'text',
    description: 'text',
    category: 'text',
    priority: 'text',
    tasks: 'jsonb',
    source_goal_id: 'text',
    created_at: 'instant',
  },
});
