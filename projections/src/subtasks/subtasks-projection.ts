import type { EventRegistry } from '@stride/domain/shared/event-registry';
import { assertNever } from '@stride/domain/shared/event';
import { parseStreamId } from '@stride/domain/stream-ids';
import type { EventOf } from '@stride/domain/shared/create-event';
import { subtaskEventDefinitions, type SubtaskEvent } from '@stride/domain/tasks/subtask-events';
import { userErased } from '@stride/domain/users/user-events';
import { isoInstant } from '../core/instant';
import { defineProjection, rowRef, type EventEnvelope, type RowRef } from '../core/projection';
import type { RowStore } from '../core/row-store';
import { subtasksTable, type SubtaskRecord } from './subtasks-table';

/**
 * The sub-steps read model: evolve over rows (the rows each event touches are named by keysOf, changed by
 * applySubtaskEvent), so it runs the same live, inline in a command's transaction, in rebuilds and replays.
 */

const goalIdOf = (envelope: EventEnvelope): string => parseStreamId(envelope.streamId).id;

/** Sub-step events, and UserErased: an erased user's sub-steps leave the read model. */
export type SubtasksProjectionEvent = SubtaskEvent | EventOf<typeof userErased>;

const erasedSubtasks = (event: EventOf<typeof userErased>): RowRef[] =>
  (event.data.subtasks ?? []).flatMap(({ goalId, subtaskIds }) =>
    subtaskIds.map((id) => rowRef(subtasksTable, { goal_id: goalId, id })),
  );

export const subtasksKeysOf = (event: SubtasksProjectionEvent, envelope: EventEnvelope): RowRef[] => {
  if (event.type === 'UserErased') return erasedSubtasks(event);
  const goal_id = goalIdOf(envelope);
  const ids = event.type === 'TaskBrokenDown' ? event.data.subtasks.map((s) => s.subtaskId) : [event.data.subtaskId];
  return ids.map((id) => rowRef(subtasksTable, { goal_id, id }));
};

export const applySubtaskEvent = (rows: RowStore, event: SubtasksProjectionEvent, envelope: EventEnvelope): void => {
  if (event.type === 'UserErased') {
    for (const { goalId, subtaskIds } of event.data.subtasks ?? []) {
      for (const id of subtaskIds) rows.delete(subtasksTable, { goal_id: goalId, id });
    }
    return;
  }
  const goal_id = goalIdOf(envelope);
  const update = (id: string, change: (row: SubtaskRecord) => Partial<SubtaskRecord>) =>
    rows.update(subtasksTable, { goal_id, id }, change);
  switch (event.type) {
    case 'TaskBrokenDown':
      event.data.subtasks.forEach((subtask, index) =>
        rows.put(subtasksTable, {
          goal_id,
          id: subtask.subtaskId,
          task_id: event.data.taskId,
          user_id: envelope.actorId,
          title: subtask.title,
          estimated_minutes: subtask.estimatedMinutes,
          energy_level: subtask.energyLevel,
          done: false,
          added_position: envelope.globalPosition,
          added_index: index,
          created_at: isoInstant(event.data.brokenDownAt),
          completed_at: null,
          removed_at: null,
        }),
      );
      return;
    case 'SubtaskCompleted':
      return update(event.data.subtaskId, () => ({ done: true, completed_at: isoInstant(event.data.completedAt) }));
    case 'SubtaskReopened':
      return update(event.data.subtaskId, () => ({ done: false, completed_at: null }));
    case 'SubtaskRemoved':
      return update(event.data.subtaskId, () => ({ removed_at: isoInstant(event.data.removedAt) }));
    default:
      return assertNever(event);
  }
};

export const createSubtasksProjection = (registry: EventRegistry) =>
  defineProjection<SubtasksProjectionEvent>(
    {
      name: 'subtasks',
      tables: [subtasksTable],
      eventTypes: [...subtaskEventDefinitions, userErased].map((definition) => definition.type),
      keysOf: subtasksKeysOf,
      apply: applySubtaskEvent,
    },
    registry,
  );
