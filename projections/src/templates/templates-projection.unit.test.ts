import { describe, expect, it } from 'vitest';
import { eventRegistry } from '@stride/domain/event-catalogue';
import { replay, storedEvents } from '../../test/replay';
import { createTemplatesProjection } from './templates-projection';
import { templatesTable } from './templates-table';

const projection = createTemplatesProjection(eventRegistry);
const saved = (id: string, userId: string) => ({
  streamId: `template-${id}`,
  event: {
    type: 'GoalTemplateSaved',
    data: {
      templateId: id,
      userId,
      title: 'Weekly review',
      description: 'Sunday evening',
      category: 'personal',
      priority: 'medium',
      tasks: [
        { title: 'Inbox to zero', estimatedMinutes: 20, energyLevel: 'low' },
        { title: 'Plan the week', description: 'Top three', estimatedMinutes: 30, energyLevel: 'high' },
      ],
      sourceGoalId: 'g1',
    },
  },
});

describe('templates projection', () => {
  it('keeps a saved template with its tasks in order, in the API shape', () => {
    const rows = replay(projection, storedEvents([saved('t1', 'u1')]));
    expect(rows.get(templatesTable, { id: 't1' })).toMatchObject({
      user_id: 'u1',
      title: 'Weekly review',
      source_goal_id: 'g1',
      tasks: [
        { title: 'Inbox to zero', description: null, estimated_minutes: 20, energy_level: 'low' },
        { title: 'Plan the week', description: 'Top three', estimated_minutes: 30, energy_level: 'high' },
      ],
    });
  });

  it('removes the row when the template is deleted, and the erased user’s templates on UserErased', () => {
    const deleted = replay(
      projection,
      storedEvents([saved('t1', 'u1'), { streamId: 'template-t1', event: { type: 'GoalTemplateDeleted', data: {} } }]),
    );
    expect(deleted.rows(templatesTable)).toEqual([]);

    const erased = replay(
      projection,
      storedEvents([
        saved('t1', 'u1'),
        saved('t2', 'u2'),
        {
          streamId: 'user-u1',
          event: {
            type: 'UserErased',
            data: {
              userId: 'u1',
              by: 'user',
              erasedAt: '2026-03-01T10:00:00.000Z',
              goals: [],
              collectionIds: [],
              templateIds: ['t1'],
            },
          },
        },
      ]),
    );
    expect(erased.rows(templatesTable).map((row) => row.id)).toEqual(['t2']);
  });
});
