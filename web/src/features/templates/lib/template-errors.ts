import { isApiError } from '../../../lib/api-client';

/** 403 plan_required: the caller's plan has no goal templates. */
export const isPlanRequired = (error: unknown): boolean =>
  isApiError(error) && error.status === 403 && error.code === 'plan_required';

/** What a failed save says, and what to do next (never the server's own text). */
export const saveTemplateErrorText = (error: unknown): string => {
  if (isPlanRequired(error)) return 'Templates come with Starter and up. Upgrade to save your own.';
  if (isApiError(error) && error.status === 400 && error.details?.field === 'goal_id')
    return 'Add at least one task to this goal first, then save it as a template.';
  return error instanceof Error && error.message ? error.message : "Couldn't save the template. Try again.";
};
