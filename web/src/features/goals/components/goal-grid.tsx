import { useState } from 'react';
import type { GoalRow } from '@stride/domain/contracts/goals';
import { useDeleteGoal } from '../api/delete-goal';
import { useUpdateGoal } from '../api/update-goal';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { GoalCard } from './goal-card';

/**
 * A grid of goal cards with what every card can do: change status (optimistic concurrency through the
 * goal's version) and delete after confirmation. `onEdit` adds the edit action where a page offers it.
 */
export function GoalGrid({ goals, onEdit }: { goals: readonly GoalRow[]; onEdit?: (goal: GoalRow) => void }) {
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
