import { analyticsUserOf } from '../analytics/event-owner';

/** What a personal field reads as once its user has been erased (their key is gone). */
export const ERASED = '[erased]';

/**
 * The personal data in each stored event type (what the user is, and free text they wrote): paths into the
 * event's data, `a.b` a field of a field, `a[]` every item of an array, `a.*` every field of an object. These fields are stored encrypted
 * with the key of the user they are about, and never copied to analytics. Ids, dates, numbers and choices
 * are not personal on their own.
 */
export const personalDataPaths: Readonly<Record<string, readonly string[]>> = {
  UserRegistered: ['email', 'name'],
  UserProfileUpdated: ['email', 'name'],
  UserPreferencesUpdated: ['preferences.*'],
  GoalCreated: ['title', 'description'],
  GoalUpdated: ['changes.title', 'changes.description'],
  GoalAbandoned: ['reason'],
  TasksBatchGenerated: ['tasks[].title', 'tasks[].description'],
  TaskAdded: ['title', 'description'],
  TaskUpdated: ['changes.title', 'changes.description'],
  TaskRecurrenceSet: ['template.title', 'template.description'],
  TaskOccurrenceCreated: ['title', 'description'],
  TaskSeriesUpdated: ['changes.title', 'changes.description'],
  CollectionCreated: ['name', 'description'],
  CollectionRenamed: ['name'],
  GoalTemplateSaved: ['title', 'description', 'tasks[].title', 'tasks[].description'],
  StripeCustomerLinked: ['email'],
};

const parsedPaths = new Map(
  Object.entries(personalDataPaths).map(([type, paths]) => [type, paths.map((path) => path.split('.'))]),
);

const mapAt = (value: unknown, steps: readonly string[], replace: (text: string) => unknown): unknown => {
  if (steps.length === 0) return typeof value === 'string' ? replace(value) : value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const [step, ...rest] = steps as [string, ...string[]];
  if (step === '*') {
    return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, mapAt(field, rest, replace)]));
  }
  const isList = step.endsWith('[]');
  const name = isList ? step.slice(0, -2) : step;
  if (!(name in value)) return value;
  const field = (value as Record<string, unknown>)[name];
  const mapped = isList
    ? Array.isArray(field)
      ? field.map((item) => mapAt(item, rest, replace))
      : field
    : mapAt(field, rest, replace);
  return { ...value, [name]: mapped };
};

/**
 * The event's data with `replace(text)` in place of each personal string (absent fields and nulls stay as
 * they are). Pure: the data given is not changed.
 */
export const mapPersonalData = (type: string, data: unknown, replace: (text: string) => unknown): unknown =>
  (parsedPaths.get(type) ?? []).reduce((current, steps) => mapAt(current, steps, replace), data);

/**
 * The user the personal data of a stream's events is about: the user a user, usage or billing stream is
 * named after, else the user whose command wrote it (the owner, for every user-facing command).
 */
export const dataSubjectOf = analyticsUserOf;

/** The policy the event store's crypto-shredding codec applies (platform/src/crypto/personal-data-codec.ts). */
export const personalDataPolicy = { mapPersonalData, subjectOf: dataSubjectOf, erased: ERASED } as const;
