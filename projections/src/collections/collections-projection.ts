import { collectionEventDefinitions, type CollectionEvent } from '@stride/domain/collections/collection-events';
import type { EventRegistry } from '@stride/domain/shared/event-registry';
import { assertNever } from '@stride/domain/shared/event';
import { parseStreamId } from '@stride/domain/stream-ids';
import type { EventOf } from '@stride/domain/shared/create-event';
import { userErased } from '@stride/domain/users/user-events';
import { defineProjection, rowRef, type EventEnvelope } from '../core/projection';
import type { RowStore } from '../core/row-store';
import { collectionsTable } from './collections-table';

const collectionIdOf = (envelope: EventEnvelope): string => parseStreamId(envelope.streamId).id;

/** Collection events, and UserErased: an erased user's collections leave the read model. */
export type CollectionsProjectionEvent = CollectionEvent | EventOf<typeof userErased>;

export const applyCollectionEvent = (
  rows: RowStore,
  event: CollectionsProjectionEvent,
  envelope: EventEnvelope,
): void => {
  if (event.type === 'UserErased') {
    for (const id of event.data.collectionIds) rows.delete(collectionsTable, { id });
    return;
  }
  const id = collectionIdOf(envelope);
  const updated_at = envelope.recordedAt;
  switch (event.type) {
    case 'CollectionCreated': {
      const { userId, name, description, color } = event.data;
      rows.put(collectionsTable, {
        id,
        user_id: userId,
        name,
        description: description ?? null,
        color: color ?? null,
        goal_ids: [],
        created_at: envelope.recordedAt,
        updated_at,
      });
      return;
    }
    case 'CollectionRenamed':
      return rows.update(collectionsTable, { id }, () => ({ name: event.data.name, updated_at }));
    case 'GoalAddedToCollection':
      return rows.update(collectionsTable, { id }, (collection) => ({
        goal_ids: collection.goal_ids.includes(event.data.goalId)
          ? collection.goal_ids
          : [...collection.goal_ids, event.data.goalId],
        updated_at,
      }));
    case 'GoalRemovedFromCollection':
      return rows.update(collectionsTable, { id }, (collection) => ({
        goal_ids: collection.goal_ids.filter((goalId) => goalId !== event.data.goalId),
        updated_at,
      }));
    case 'CollectionDeleted':
      return rows.delete(collectionsTable, { id });
    default:
      return assertNever(event);
  }
};

export const createCollectionsProjection = (registry: EventRegistry) =>
  defineProjection<CollectionsProjectionEvent>(
    {
      name: 'collections',
      tables: [collectionsTable],
      eventTypes: [...collectionEventDefinitions, userErased].map((definition) => definition.type),
      keysOf: (event, envelope) =>
        event.type === 'UserErased'
          ? event.data.collectionIds.map((id) => rowRef(collectionsTable, { id }))
          : [rowRef(collectionsTable, { id: collectionIdOf(envelope) })],
      apply: applyCollectionEvent,
    },
    registry,
  );
