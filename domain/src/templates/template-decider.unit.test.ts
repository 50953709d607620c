import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasTemplates } from '../plans/limits';
import { subscriptionTierValues } from '../plans/subscription-tiers';
import type { CommandMetadata } from '../shared/event';
import { deciderSpec } from '../testing/decider-spec';
import { OWN_TEMPLATES_MAX, templateDecider, type SaveGoalTemplate } from './template-decider';
import type { TemplateEvent } from './template-events';

const spec = deciderSpec(templateDecider);

const byOwner: CommandMetadata = { now: new Date('2025-03-10T10:00:00.000Z'), userId: 'user_1' };
const byStranger: CommandMetadata = { ...byOwner, userId: 'user_2' };

const content = {
  title: 'Run a 5K',
  description: 'Three runs a week',
  category: 'health',
  priority: 'medium' as const,
  tasks: [
    { title: 'Buy shoes', estimatedMinutes: 30, energyLevel: 'low' as const },
    { title: 'First run', description: 'Easy pace', estimatedMinutes: 30, energyLevel: 'high' as const },
  ],
};

const save = (tier: string, overrides: Partial<SaveGoalTemplate['data']> = {}): SaveGoalTemplate => ({
  type: 'SaveGoalTemplate',
  data: { templateId: 'tpl_1', tier, sourceGoalId: 'goal_1', ownTemplates: 0, ...content, ...overrides },
  metadata: byOwner,
});

const saved: TemplateEvent = {
  type: 'GoalTemplateSaved',
  data: { templateId: 'tpl_1', userId: 'user_1', sourceGoalId: 'goal_1', ...content },
};
const deleted: TemplateEvent = { type: 'GoalTemplateDeleted', data: {} };

describe('Goal template decider', () => {
  it('given no template, when a Starter user saves one, then GoalTemplateSaved for the caller', () => {
    spec.given([]).when(save('starter')).then([saved]);
  });

  it('given no template, when a Free user saves one, then plan_required naming the feature and the plans with it', () => {
    spec
      .given([])
      .when(save('free'))
      .thenThrows('plan_required', 'Goal templates come with Starter and up. Upgrade to use them.', {
        feature: 'templates',
        requiredTiers: ['starter', 'pro', 'team'],
        currentTier: 'free',
      });
  });

  it(`given ${OWN_TEMPLATES_MAX - 1} templates of the caller's own, when one more is saved, then GoalTemplateSaved`, () => {
    spec
      .given([])
      .when(save('pro', { ownTemplates: OWN_TEMPLATES_MAX - 1 }))
      .then([saved]);
  });

  it(`given ${OWN_TEMPLATES_MAX} templates of the caller's own, when one more is saved, then quota_reached saying what to do`, () => {
    spec
      .given([])
      .when(save('pro', { ownTemplates: OWN_TEMPLATES_MAX }))
      .thenThrows('quota_reached', `You have ${OWN_TEMPLATES_MAX} templates of your own. Delete one to save another.`, {
        field: 'templateId',
        limit: OWN_TEMPLATES_MAX,
      });
  });

  it('on every plan with templates, a save is refused exactly when the caller already keeps the most', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...subscriptionTierValues.filter(hasTemplates)),
        fc.nat({ max: 3 * OWN_TEMPLATES_MAX }),
        (tier, ownTemplates) => {
          const decide = () => templateDecider.decide(save(tier, { ownTemplates }), templateDecider.initialState());
          if (ownTemplates >= OWN_TEMPLATES_MAX) expect(decide).toThrow(/Delete one to save another/);
          else expect(decide()).toHaveLength(1);
        },
      ),
    );
  });

  it('given no template, when saved without tasks, then validation on tasks', () => {
    spec
      .given([])
      .when(save('pro', { tasks: [] }))
      .thenThrows('validation', undefined, { field: 'tasks' });
  });

  it('given no template, when a task has 0 minutes, then validation naming the task field', () => {
    spec
      .given([])
      .when(save('pro', { tasks: [{ title: 'Run', estimatedMinutes: 0, energyLevel: 'high' }] }))
      .thenThrows('validation', undefined, { field: 'tasks.0.estimatedMinutes' });
  });

  it('given no template, when saved without a user id, then "User ID is required"', () => {
    spec
      .given([])
      .when({ ...save('pro'), metadata: { ...byOwner, userId: '' } })
      .thenThrows('validation', 'User ID is required');
  });

  it('given a template, when saved again with the same id, then illegal_state', () => {
    spec.given([saved]).when(save('pro')).thenThrows('illegal_state', 'Template already exists');
  });

  it('given a template, when its owner deletes it, then GoalTemplateDeleted', () => {
    spec.given([saved]).when({ type: 'DeleteGoalTemplate', data: {}, metadata: byOwner }).then([deleted]);
  });

  it('given a template, when another user deletes it, then not_found (its existence is not revealed)', () => {
    spec
      .given([saved])
      .when({ type: 'DeleteGoalTemplate', data: {}, metadata: byStranger })
      .thenThrows('not_found', 'Template not found');
  });

  it('given a deleted template, when deleted again, then not_found', () => {
    spec
      .given([saved, deleted])
      .when({ type: 'DeleteGoalTemplate', data: {}, metadata: byOwner })
      .thenThrows('not_found', 'Template not found');
  });

  it('saving is allowed exactly for the tiers whose plan includes templates (property over all tiers)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...subscriptionTierValues, 'unknown'), (tier) => {
        const attempt = () => templateDecider.decide(save(tier), null);
        if (hasTemplates(tier)) expect(attempt()).toHaveLength(1);
        else expect(attempt).toThrow(/Goal templates come with Starter/);
      }),
    );
  });
});
