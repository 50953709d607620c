import { useCallback, useRef, useState } from 'react';
import type { StepGranularity } from '@stride/domain/ai/breakdown';
import type { DraftOptions, DraftResponse, DraftStep } from '@stride/domain/contracts/breakdowns';
import { isBelowLimit } from '@stride/domain/plans/limits';
import { isApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { emitProductEvent } from '../../../lib/product-events';
import { toast } from '../../../lib/toast';
import { useUpgradeDialog } from '../../../lib/upgrade-dialog';
import { streamDraft } from '../api/draft-breakdown';
import { useRegenerateStep } from '../api/regenerate-step';
import { useSaveDraft } from '../api/save-draft';

/** A draft step with a key of its own, so React keeps each row while steps are edited and removed. */
export interface ReviewStep extends DraftStep {
  readonly key: string;
}

export interface BreakdownChoices {
  readonly granularity: StepGranularity;
  readonly easiestFirst: boolean;
  /** Hours a week the user has for the goal, as typed ('' = unsaid). */
  readonly hoursPerWeek: string;
}

let nextKey = 0;
const keyed = (step: DraftStep): ReviewStep => ({ ...step, key: `step-${(nextKey += 1)}` });

const optionsOf = (choices: BreakdownChoices, variant: number): Partial<DraftOptions> => {
  const hours = Number(choices.hoursPerWeek);
  return {
    granularity: choices.granularity,
    easiest_first: choices.easiestFirst,
    variant,
    ...(choices.hoursPerWeek.trim() !== '' && Number.isFinite(hours) && hours >= 0
      ? { available_minutes_per_week: Math.round(hours * 60) }
      : {}),
  };
};

/**
 * The review-before-saving flow (issue 14): draft (1 AI generation), then accept, edit, remove or
 * regenerate single steps (free), ask for a whole new list (1 AI generation), save (free).
 */
export function useBreakdownDraft(goalId: string) {
  const { user, beginUsage, reconcileUsage } = useCurrentUser();
  const { openUpgradeDialog } = useUpgradeDialog();
  const [choices, setChoices] = useState<BreakdownChoices>({
    granularity: 'normal',
    easiestFirst: false,
    hoursPerWeek: '',
  });
  const [steps, setSteps] = useState<ReviewStep[]>([]);
  const [draft, setDraft] = useState<Omit<DraftResponse, 'steps'> | null>(null);
  const [drafting, setDrafting] = useState(false);
  const [regenerating, setRegenerating] = useState<string | null>(null);
  const variant = useRef(0);
  const regenerate = useRegenerateStep();
  const save = useSaveDraft();
  const canUseAi = user ? isBelowLimit(user.aiGenerationsThisMonth, user.aiGenerationsLimit) : false;

  const makeDraft = useCallback(
    async (fresh: boolean) => {
      if (!user) return;
      if (!isBelowLimit(user.aiGenerationsThisMonth, user.aiGenerationsLimit)) {
        openUpgradeDialog('ai');
        return;
      }
      variant.current = fresh ? variant.current + 1 : 0;
      setDrafting(true);
      setSteps([]);
      setDraft(null);
      beginUsage('ai');
      emitProductEvent('ai_generation_started');
      try {
        const result = await streamDraft(goalId, optionsOf(choices, variant.current), {
          onStep: (step) => setSteps((current) => [...current, keyed(step)]),
          onRestart: () => setSteps([]),
        });
        const { steps: finalSteps, ...rest } = result;
        setSteps(finalSteps.map(keyed));
        setDraft(rest);
        reconcileUsage('ai', result.ai_generations_this_month);
        emitProductEvent('ai_generation_completed', { tasks: finalSteps.length });
      } catch (error) {
        reconcileUsage('ai');
        setSteps([]);
        emitProductEvent('ai_generation_failed');
        if (isApiError(error) && error.code === 'limit_reached') openUpgradeDialog('ai');
        else toast.error(error instanceof Error ? error.message : 'The breakdown failed. Please try again.');
      } finally {
        setDrafting(false);
      }
    },
    [beginUsage, choices, goalId, openUpgradeDialog, reconcileUsage, user],
  );

  const editStep = (key: string, change: Partial<DraftStep>) =>
    setSteps((current) => current.map((step) => (step.key === key ? { ...step, ...change } : step)));
  const removeStep = (key: string) => setSteps((current) => current.filter((step) => step.key !== key));
  const keepFirst = (count: number) => setSteps((current) => current.slice(0, count));

  const regenerateOne = (key: string) => {
    const index = steps.findIndex((step) => step.key === key);
    if (index < 0) return;
    setRegenerating(key);
    regenerate.mutate(
      {
        goalId,
        options: optionsOf(choices, variant.current),
        steps: steps.map(({ key: _key, ...step }) => step),
        index,
      },
      {
        onSuccess: ({ step }) => setSteps((current) => current.map((s) => (s.key === key ? keyed(step) : s))),
        onError: (error) => toast.error(error.message),
        onSettled: () => setRegenerating(null),
      },
    );
  };

  const discard = () => {
    setSteps([]);
    setDraft(null);
  };

  const saveDraft = () =>
    save.mutate(
      { goalId, steps: steps.map(({ key: _key, ...step }) => step), source: draft?.source ?? null },
      {
        onSuccess: ({ added }) => {
          toast.success(added === 1 ? 'Saved 1 step' : `Saved ${added} steps`);
          discard();
        },
        onError: (error) => toast.error(error.message),
      },
    );

  return {
    choices,
    setChoices,
    steps,
    draft,
    drafting,
    regenerating,
    saving: save.isPending,
    canUseAi,
    makeDraft,
    editStep,
    removeStep,
    keepFirst,
    regenerateOne,
    discard,
    saveDraft,
  };
}
