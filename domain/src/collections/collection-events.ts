import { z } from 'zod';
import type { EventOf } from '../shared/create-event';
import { assertNever, defineEvent } from '../shared/event';
import { idSchema } from '../shared/id';

/** The longest collection name and description (characters), for events and requests alike. */
export const collectionLimits = { nameMax: 100, descriptionMax: 500 } as const;

/** A collection's fields as stored; the HTTP contracts build on them. */
export const collectionFields = {
  name: z.string().trim().min(1).max(collectionLimits.nameMax),
  description: z.string().max(collectionLimits.descriptionMax).nullish(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Expected a colour as #RRGGBB')
    .nullish(),
};
const nameSchema = collectionFields.name;

export const collectionCreated = defineEvent({
  type: 'CollectionCreated',
  schemaVersion: 1,
  schema: z.object({
    collectionId: idSchema,
    userId: z.string().min(1),
    name: nameSchema,
    description: collectionFields.description,
    color: collectionFields.color,
  }),
});

export const collectionRenamed = defineEvent({
  type: 'CollectionRenamed',
  schemaVersion: 1,
  schema: z.object({ name: nameSchema }),
});

export const goalAddedToCollection = defineEvent({
  type: 'GoalAddedToCollection',
  schemaVersion: 1,
  schema: z.object({ goalId: z.string().min(1) }),
});

export const goalRemovedFromCollection = defineEvent({
  type: 'GoalRemovedFromCollection',
  schemaVersion: 1,
  schema: z.object({ goalId: z.string().min(1) }),
});

export const collectionDeleted = defineEvent({
  type: 'CollectionDeleted',
  schemaVersion: 1,
  schema: z.object({}),
});

export const collectionEventDefinitions = [
  collectionCreated,
  collectionRenamed,
  goalAddedToCollection,
  goalRemovedFromCollection,
  collectionDeleted,
] as const;

export type CollectionEvent = EventOf<(typeof collectionEventDefinitions)[number]>;

export interface Collection {
  readonly collectionId: string;
  readonly userId: string;
  readonly name: string;
  readonly goalIds: readonly string[];
  readonly deleted: boolean;
}

/** null until CollectionCreated. */
export type CollectionState = Collection | null;

export const initialState = (): CollectionState => null;

export const evolve = (state: CollectionState, event: CollectionEvent): CollectionState => {
  if (event.type === 'CollectionCreated') {
    const { collectionId, userId, name } = event.data;
    return { collectionId, userId, name, goalIds: [], deleted: false };
  }
  if (state === null) return state;
  switch (event.type) {
    case 'CollectionRenamed':
      return { ...state, name: event.data.name };
    case 'GoalAddedToCollection':
      return { ...state, goalIds: [...state.goalIds, event.data.goalId] };
    case 'GoalRemovedFromCollection':
      return { ...state, goalIds: state.goalIds.filter((goalId) => goalId !== event.data.goalId) };
    case 'CollectionDeleted':
      return { ...state, deleted: true };
    default:
      return assertNever(event);
  }
};
