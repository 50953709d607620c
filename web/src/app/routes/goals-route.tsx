import { useState } from 'react';
import type { GoalRow } from '@stride/domain/contracts/goals';
import { GoalsPage } from '../../features/goals/components/goals-page';
import { categoryLabel } from '../../features/goals/lib/goal-options';
import { useTemplateLibrary } from '../../features/templates/api/list-templates';
import { SaveTemplateDialog } from '../../features/templates/components/save-template-dialog';
import { TemplatePicker } from '../../features/templates/components/template-picker';
import { useUpgradeDialog } from '../../lib/upgrade-dialog';

/**
 * The goals page with goal templates (issue 13, item 5): "Start from a template" in the new-goal flow and
 * "Save as template" on each goal with tasks. Without templates on the plan, the action opens the upgrade.
 */
export default function GoalsRoute() {
  const [saving, setSaving] = useState<GoalRow | null>(null);
  const library = useTemplateLibrary();
  const { openUpgradeDialog } = useUpgradeDialog();
  const canUse = library.data?.can_use ?? false;
  return (
    <>
      <GoalsPage
        templatePicker={(onCreated) => <TemplatePicker onCreated={onCreated} categoryLabel={categoryLabel} />}
        goalActions={(goal) =>
          goal.task_count > 0
            ? [
                {
                  key: 'save-template',
                  label: canUse ? 'Save as template' : 'Save as template (Starter)',
                  onSelect: () => (canUse ? setSaving(goal) : openUpgradeDialog('general')),
                },
              ]
            : []
        }
      />
      <SaveTemplateDialog goal={saving} onClose={() => setSaving(null)} />
    </>
  );
}
