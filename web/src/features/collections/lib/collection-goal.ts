/** What the collection screens need to know about a goal (the app passes goals in). */
export interface CollectionGoal {
  readonly id: string;
  readonly title: string;
  readonly status: 'active' | 'completed' | 'abandoned';
  readonly category: string;
  readonly task_count: number;
  readonly completed_task_count: number;
}

export const COLLECTION_COLOURS = [
  '#6366f1',
  '#0ea5e9',
  '#10b981',
  '#f59e0b',
  '#ef4444',
  '#ec4899',
  '#8b5cf6',
  '#64748b',
] as const;

/** What each colour is called where it is chosen (a screen reader says this, not the hex code). */
export const COLLECTION_COLOUR_NAMES: Record<(typeof COLLECTION_COLOURS)[number], string> = {
  '#6366f1': 'Indigo',
  '#0ea5e9': 'Sky blue',
  '#10b981': 'Green',
  '#f59e0b': 'Amber',
  '#ef4444': 'Red',
  '#ec4899': 'Pink',
  '#8b5cf6': 'Violet',
  '#64748b': 'Slate',
};
