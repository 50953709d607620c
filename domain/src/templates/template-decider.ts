import { hasTemplates, TEMPLATE_TIERS } from '../plans/limits';
import { createEvent } from '../shared/create-event';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { assertNever, type Command, type CommandMetadata } from '../shared/event';
import type { GoalPriority } from '../goals/goal-events';
import {
  evolve,
  goalTemplateDeleted,
  goalTemplateSaved,
  initialState,
  type SavedTemplate,
  type TemplateEvent,
  type TemplateState,
} from './template-events';

/**
 * Using a template (built-in or one's own) and saving one need a plan with templates (plan-features.ts:
 * Starter and up); the 403 carries what the web app needs to open the upgrade dialog. Deleting one's own
 * template never does: a user who moved down to Free may still tidy up (or erase) what they saved.
 */
export const requireTemplates = (tier: string): void => {
  if (hasTemplates(tier)) return;
  throw new DomainError('plan_required', 'Goal templates come with Starter and up. Upgrade to use them.', {
    feature: 'templates',
    requiredTiers: [...TEMPLATE_TIERS],
    currentTier: tier,
  });
};

export interface TemplateContent {
  title: string;
  description: string;
  category: string;
  priority: GoalPriority;
  tasks: {
    title: string;
    description?: string | null;
    estimatedMinutes: number;
    energyLevel: 'low' | 'medium' | 'high';
  }[];
}

/** The most templates of their own one user keeps (on every plan with templates): a library, not a dump. */
export const OWN_TEMPLATES_MAX = 100;

/**
 * `tier`: the caller's effective tier (billing); `ownTemplates`: how many templates of their own the caller
 * has besides this one; both read by the application layer.
 */
export type SaveGoalTemplate = Command<
  'SaveGoalTemplate',
  TemplateContent & { templateId: string; tier: string; sourceGoalId: string | null; ownTemplates: number }
>;
export type DeleteGoalTemplate = Command<'DeleteGoalTemplate', Record<string, never>>;

export type TemplateCommand = SaveGoalTemplate | DeleteGoalTemplate;

/** Missing, deleted and other users' templates all look the same to the caller. */
const ownedTemplate = (state: TemplateState, metadata: CommandMetadata): SavedTemplate => {
  if (state === null || state.deleted || state.userId !== metadata.userId) {
    throw new DomainError('not_found', 'Template not found');
  }
  return state;
};

const saveTemplate = ({ data, metadata }: SaveGoalTemplate, state: TemplateState): TemplateEvent[] => {
  if (metadata.userId.trim() === '') {
    throw new DomainError('validation', 'User ID is required', { field: 'userId' });
  }
  requireTemplates(data.tier);
  if (state !== null) throw new DomainError('illegal_state', 'Template already exists', { field: 'templateId' });
  if (data.ownTemplates >= OWN_TEMPLATES_MAX) {
    throw new DomainError(
      'quota_reached',
      `You have ${OWN_TEMPLATES_MAX} templates of your own. Delete one to save another.`,
      { field: 'templateId', limit: OWN_TEMPLATES_MAX },
    );
  }
  const { templateId, title, description, category, priority, tasks, sourceGoalId } = data;
  return [
    createEvent(goalTemplateSaved, {
      templateId,
      userId: metadata.userId,
      title,
      description,
      category,
      priority,
      tasks,
      sourceGoalId,
    }),
  ];
};

export const decide = (command: TemplateCommand, state: TemplateState): TemplateEvent[] => {
  switch (command.type) {
    case 'SaveGoalTemplate':
      return saveTemplate(command, state);
    case 'DeleteGoalTemplate':
      ownedTemplate(state, command.metadata);
      return [createEvent(goalTemplateDeleted, {})];
    default:
      return assertNever(command);
  }
};

export const templateDecider: Decider<TemplateState, TemplateCommand, TemplateEvent> = {
  initialState,
  decide,
  evolve,
};
