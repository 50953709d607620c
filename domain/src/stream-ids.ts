/** Stream names: `{category}-{id}`. Ids may contain dashes; the category never does. */
export const streamCategories = ['user', 'goal', 'collection', 'template', 'usage', 'billing', 'calendar'] as const;
export type StreamCategory = (typeof streamCategories)[number];

const streamId = (category: StreamCategory, id: string): string => {
  if (id === '') throw new Error(`A ${category} stream needs an id`);
  return `${category}-${id}`;
};

export const streamIds = {
  user: (userId: string) => streamId('user', userId),
  goal: (goalId: string) => streamId('goal', goalId),
  collection: (collectionId: string) => streamId('collection', collectionId),
  /** A user's own goal template. */
  template: (templateId: string) => streamId('template', templateId),
  usage: (userId: string) => streamId('usage', userId),
  billing: (userId: string) => streamId('billing', userId),
  /** The user's private calendar feed. */
  calendar: (userId: string) => streamId('calendar', userId),
} as const;

const isStreamCategory = (value: string): value is StreamCategory =>
  (streamCategories as readonly string[]).includes(value);

export const parseStreamId = (value: string): { category: StreamCategory; id: string } => {
  const separator = value.indexOf('-');
  const category = value.slice(0, separator);
  const id = value.slice(separator + 1);
  if (separator < 0 || !isStreamCategory(category) || id === '') {
    throw new Error(`'${value}' is not a Stride stream id`);
  }
  return { category, id };
};
