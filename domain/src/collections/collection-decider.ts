import { createEvent } from '../shared/create-event';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { assertNever, type Command, type CommandMetadata } from '../shared/event';
import {
  collectionCreated,
  collectionDeleted,
  collectionRenamed,
  evolve,
  goalAddedToCollection,
  goalRemovedFromCollection,
  initialState,
  type Collection,
  type CollectionEvent,
  type CollectionState,
} from './collection-events';

export type CreateCollection = Command<
  'CreateCollection',
  { collectionId: string; name: string; description?: string | null; color?: string | null }
>;
export type RenameCollection = Command<'RenameCollection', { name: string }>;
/**
 * The decider only knows the collection's own stream: that the goal exists and belongs to the same
 * user is checked by the API layer (against the goals read model) before this command is sent.
 */
export type AddGoalToCollection = Command<'AddGoalToCollection', { goalId: string }>;
export type RemoveGoalFromCollection = Command<'RemoveGoalFromCollection', { goalId: string }>;
export type DeleteCollection = Command<'DeleteCollection', Record<string, never>>;

export type CollectionCommand =
  CreateCollection | RenameCollection | AddGoalToCollection | RemoveGoalFromCollection | DeleteCollection;

/** Missing, deleted and other users' collections all look the same to the caller. */
const ownedCollection = (state: CollectionState, metadata: CommandMetadata): Collection => {
  if (state === null || state.deleted || state.userId !== metadata.userId) {
    throw new DomainError('not_found', 'Collection not found');
  }
  return state;
};

const createCollection = ({ data, metadata }: CreateCollection, state: CollectionState): CollectionEvent[] => {
  if (metadata.userId.trim() === '') {
    throw new DomainError('validation', 'User ID is required', { field: 'userId' });
  }
  if (state !== null) throw new DomainError('illegal_state', 'Collection already exists', { field: 'collectionId' });
  return [createEvent(collectionCreated, { ...data, userId: metadata.userId })];
};

export const decide = (command: CollectionCommand, state: CollectionState): CollectionEvent[] => {
  if (command.type === 'CreateCollection') return createCollection(command, state);
  const collection = ownedCollection(state, command.metadata);
  switch (command.type) {
    case 'RenameCollection': {
      const renamed = createEvent(collectionRenamed, command.data);
      return renamed.data.name === collection.name ? [] : [renamed];
    }
    case 'AddGoalToCollection': {
      const { goalId } = command.data;
      return collection.goalIds.includes(goalId) ? [] : [createEvent(goalAddedToCollection, { goalId })];
    }
    case 'RemoveGoalFromCollection': {
      const { goalId } = command.data;
      return collection.goalIds.includes(goalId) ? [createEvent(goalRemovedFromCollection, { goalId })] : [];
    }
    case 'DeleteCollection':
      return [createEvent(collectionDeleted, {})];
    default:
      return assertNever(command);
  }
};

export const collectionDecider: Decider<CollectionState, CollectionCommand, CollectionEvent> = {
  initialState,
  decide,
  evolve,
};
