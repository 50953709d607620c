import { describe, expect, it } from 'vitest';
import { eventRegistry } from '@stride/domain/event-catalogue';
import { replay, storedEvents } from '../../test/replay';
import { createCollectionsProjection } from './collections-projection';
import { collectionsTable } from './collections-table';

const projection = createCollectionsProjection(eventRegistry);
const event = (type: string, data: Record<string, unknown>) => ({ streamId: 'collection-c1', event: { type, data } });
const created = event('CollectionCreated', { collectionId: 'c1', userId: 'u1', name: 'Health', color: '#112233' });

describe('collections projection', () => {
  it('renames and keeps goal ids in the order added, without duplicates', () => {
    const rows = replay(
      projection,
      storedEvents([
        created,
        event('CollectionRenamed', { name: 'Fitness' }),
        event('GoalAddedToCollection', { goalId: 'g1' }),
        event('GoalAddedToCollection', { goalId: 'g2' }),
        event('GoalAddedToCollection', { goalId: 'g1' }),
        event('GoalRemovedFromCollection', { goalId: 'g1' }),
        event('GoalAddedToCollection', { goalId: 'g1' }),
      ]),
    );
    expect(rows.get(collectionsTable, { id: 'c1' })).toMatchObject({
      name: 'Fitness',
      description: null,
      color: '#112233',
      goal_ids: ['g2', 'g1'],
    });
  });

  it('removes the row when the collection is deleted', () => {
    const rows = replay(projection, storedEvents([created, event('CollectionDeleted', {})]));
    expect(rows.rows(collectionsTable)).toEqual([]);
  });
});
