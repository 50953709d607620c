import type { EventOf } from '@stride/domain/shared/create-event';
import { assertNever } from '@stride/domain/shared/event';
import type { EventRegistry } from '@stride/domain/shared/event-registry';
import { parseStreamId } from '@stride/domain/stream-ids';
import { templateEventDefinitions, type TemplateEvent } from '@stride/domain/templates/template-events';
import { userErased } from '@stride/domain/users/user-events';
import { defineProjection, rowRef, type EventEnvelope } from '../core/projection';
import type { RowStore } from '../core/row-store';
import { templatesTable } from './templates-table';

const templateIdOf = (envelope: EventEnvelope): string => parseStreamId(envelope.streamId).id;

/** Template events, and UserErased: an erased user's templates leave the read model. */
export type TemplatesProjectionEvent = TemplateEvent | EventOf<typeof userErased>;

export const applyTemplateEvent = (rows: RowStore, event: TemplatesProjectionEvent, envelope: EventEnvelope): void => {
  if (event.type === 'UserErased') {
    for (const id of event.data.templateIds ?? []) rows.delete(templatesTable, { id });
    return;
  }
  const id = templateIdOf(envelope);
  switch (event.type) {
    case 'GoalTemplateSaved': {
      const { userId, title, description, category, priority, tasks, sourceGoalId } = event.data;
      rows.put(templatesTable, {
        id,
        user_id: userId,
        title,
        description,
        category,
        priority,
        tasks: tasks.map((task) => ({
          title: task.title,
          description: task.description ?? null,
          estimated_minutes: task.estimatedMinutes,
          energy_level: task.energyLevel,
        })),
        source_goal_id: sourceGoalId,
        created_at: envelope.recordedAt,
      });
      return;
    }
    case 'GoalTemplateDeleted':
      return rows.delete(templatesTable, { id });
    default:
      return assertNever(event);
  }
};

export const createTemplatesProjection = (registry: EventRegistry) =>
  defineProjection<TemplatesProjectionEvent>(
    {
      name: 'templates',
      tables: [templatesTable],
      eventTypes: [...templateEventDefinitions, userErased].map((definition) => definition.type),
      keysOf: (event, envelope) =>
        event.type === 'UserErased'
          ? (event.data.templateIds ?? []).map((id) => rowRef(templatesTable, { id }))
          : [rowRef(templatesTable, { id: templateIdOf(envelope) })],
      apply: applyTemplateEvent,
    },
    registry,
  );
