import type { QuickAddResult } from '@stride/domain/quick-add/quick-add';
import { formatDate, formatMinutes } from '../../../lib/format';

/** What a quick-add line will save, read back before saving (announced politely to screen readers). */
export function QuickAddPreview({
  result,
  fallbackGoal,
}: {
  readonly result: QuickAddResult | null;
  /** The goal used when the line names none. */
  readonly fallbackGoal: string | null;
}) {
  if (result === null || result.title === '') return null;
  const goal = result.goal?.title ?? fallbackGoal;
  const parts = [
    `"${result.title}"`,
    goal ? `in ${goal}` : result.goalTag ? `#${result.goalTag} matches no goal` : 'no goal yet: add #goal',
    result.doDate ? `on ${formatDate(result.doDate)}` : null,
    result.dueDate ? `due ${formatDate(result.dueDate)}` : null,
    result.estimatedMinutes !== null ? formatMinutes(result.estimatedMinutes) : null,
    result.energyLevel ? `${result.energyLevel} energy` : null,
    result.recurrence ? `repeats (${result.recurrence.kind})` : null,
  ].filter((part): part is string => part !== null);
  return (
    <p className="quick-add__preview" role="status" aria-live="polite" data-testid="quick-add-preview">
      {parts.join(' · ')}
    </p>
  );
}
