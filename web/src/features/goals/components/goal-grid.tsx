import { useState } from 'react';
import type { GoalRow } from '@stride/domain/contracts/goals';
import type { MenuItem } from '../../../components/dropdown-menu';
import { useDeleteGoal } from '../api/delete-goal';
import { useUpdateGoal } from '../api/update-goal';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { GoalCard } from './goal-card';

/**
 * A grid of goal cards with what every card can do: change status (optimistic concurrency through the
 * goal's version) and delete after confirmation. `onEdit` adds the edit action where a page offers it;
 * `extraActions` adds a page's own (e.g. "Save as template").
 */
export function GoalGrid({
  goals,
  onEdit,
  extraActions,
}: {
  goals: readonly GoalRow[];
  onEdit?: (goal: GoalRow) => void;
  extraActions?: (goal: GoalRow) => MenuItem[];
}) {
  const update = useUpdateGoal();
  const remove = useDeleteGoal();
  const [deleting, setDeleting] = useState<GoalRow | null>(null);
  return (
    <>
      <div className="goal-grid">
        {goals.map((goal) => (
          <GoalCard
            key={goal.id}
            goal={goal}
            {...(onEdit && { onEdit })}
            {...(extraActions && { extraActions: extraActions(goal) })}
            onStatus={(g, next) =>
              update.mutate({ goalId: g.id, expectedVersion: g.version || undefined, updates: { status: next } })
            }
            onDelete={setDeleting}
          />
        ))}
      </div>
      <ConfirmDeleteDialog
        title={deleting?.title ?? null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      />
    </>
  );
}
