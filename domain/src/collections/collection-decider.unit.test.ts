import { describe, it } from 'vitest';
import type { CommandMetadata } from '../shared/event';
import { deciderSpec } from '../testing/decider-spec';
import { collectionDecider, type CollectionCommand } from './collection-decider';
import type { CollectionEvent } from './collection-events';

const spec = deciderSpec(collectionDecider);

const byOwner: CommandMetadata = { now: new Date('2025-03-10T10:00:00.000Z'), userId: 'user_1' };
const byStranger: CommandMetadata = { ...byOwner, userId: 'user_2' };

const collectionCreated: CollectionEvent = {
  type: 'CollectionCreated',
  data: { collectionId: 'col_1', userId: 'user_1', name: 'Health' },
};
const goalAdded: CollectionEvent = { type: 'GoalAddedToCollection', data: { goalId: 'goal_1' } };
const collectionDeleted: CollectionEvent = { type: 'CollectionDeleted', data: {} };

describe('Collection decider', () => {
  it('given no collection, when CreateCollection, then CollectionCreated for the caller', () => {
    spec
      .given([])
      .when({
        type: 'CreateCollection',
        data: { collectionId: 'col_1', name: ' Health ', description: 'Body and mind', color: '#22aa66' },
        metadata: byOwner,
      })
      .then([
        {
          type: 'CollectionCreated',
          data: {
            collectionId: 'col_1',
            userId: 'user_1',
            name: 'Health',
            description: 'Body and mind',
            color: '#22aa66',
          },
        },
      ]);
  });

  it('given no collection, when CreateCollection with a 101-character name, then validation on name', () => {
    spec
      .given([])
      .when({ type: 'CreateCollection', data: { collectionId: 'col_1', name: 'x'.repeat(101) }, metadata: byOwner })
      .thenThrows('validation', undefined, { field: 'name' });
  });

  it('given no collection, when CreateCollection without a user id, then "User ID is required"', () => {
    spec
      .given([])
      .when({
        type: 'CreateCollection',
        data: { collectionId: 'col_1', name: 'Health' },
        metadata: { ...byOwner, userId: '' },
      })
      .thenThrows('validation', 'User ID is required');
  });

  it('given a collection, when CreateCollection again, then illegal_state', () => {
    spec
      .given([collectionCreated])
      .when({ type: 'CreateCollection', data: { collectionId: 'col_1', name: 'Health' }, metadata: byOwner })
      .thenThrows('illegal_state', 'Collection already exists');
  });

  it('given a collection, when RenameCollection, then CollectionRenamed', () => {
    spec
      .given([collectionCreated])
      .when({ type: 'RenameCollection', data: { name: 'Fitness' }, metadata: byOwner })
      .then([{ type: 'CollectionRenamed', data: { name: 'Fitness' } }]);
  });

  it('given a collection, when RenameCollection to its current name, then no events', () => {
    spec
      .given([collectionCreated])
      .when({ type: 'RenameCollection', data: { name: 'Health ' }, metadata: byOwner })
      .then([]);
  });

  it('given a collection, when AddGoalToCollection, then GoalAddedToCollection', () => {
    spec
      .given([collectionCreated])
      .when({ type: 'AddGoalToCollection', data: { goalId: 'goal_1' }, metadata: byOwner })
      .then([goalAdded]);
  });

  it('given the goal is in the collection, when AddGoalToCollection again, then no events', () => {
    spec
      .given([collectionCreated, goalAdded])
      .when({ type: 'AddGoalToCollection', data: { goalId: 'goal_1' }, metadata: byOwner })
      .then([]);
  });

  it('given the goal is in the collection, when RemoveGoalFromCollection, then GoalRemovedFromCollection', () => {
    spec
      .given([collectionCreated, goalAdded])
      .when({ type: 'RemoveGoalFromCollection', data: { goalId: 'goal_1' }, metadata: byOwner })
      .then([{ type: 'GoalRemovedFromCollection', data: { goalId: 'goal_1' } }]);
  });

  it('given the goal is not in the collection, when RemoveGoalFromCollection, then no events', () => {
    spec
      .given([collectionCreated, goalAdded, { type: 'GoalRemovedFromCollection', data: { goalId: 'goal_1' } }])
      .when({ type: 'RemoveGoalFromCollection', data: { goalId: 'goal_1' }, metadata: byOwner })
      .then([]);
  });

  it('given a collection, when DeleteCollection, then CollectionDeleted', () => {
    spec
      .given([collectionCreated])
      .when({ type: 'DeleteCollection', data: {}, metadata: byOwner })
      .then([collectionDeleted]);
  });

  it.each<CollectionCommand>([
    { type: 'RenameCollection', data: { name: 'Fitness' }, metadata: byOwner },
    { type: 'AddGoalToCollection', data: { goalId: 'goal_2' }, metadata: byOwner },
    { type: 'DeleteCollection', data: {}, metadata: byOwner },
  ])('given a deleted collection, when $type, then not_found', (command) => {
    spec.given([collectionCreated, collectionDeleted]).when(command).thenThrows('not_found', 'Collection not found');
  });

  it.each<CollectionCommand>([
    { type: 'RenameCollection', data: { name: 'Mine' }, metadata: byStranger },
    { type: 'AddGoalToCollection', data: { goalId: 'goal_2' }, metadata: byStranger },
    { type: 'RemoveGoalFromCollection', data: { goalId: 'goal_1' }, metadata: byStranger },
    { type: 'DeleteCollection', data: {}, metadata: byStranger },
  ])("given another user's collection, when $type, then not_found", (command) => {
    spec.given([collectionCreated, goalAdded]).when(command).thenThrows('not_found', 'Collection not found');
  });

  it('given no collection, when AddGoalToCollection, then not_found', () => {
    spec
      .given([])
      .when({ type: 'AddGoalToCollection', data: { goalId: 'goal_1' }, metadata: byOwner })
      .thenThrows('not_found', 'Collection not found');
  });
});
