import { z } from 'zod';
import { collectionDecider } from '@stride/domain/collections/collection-decider';
import { strideExportSchema } from '@stride/domain/exchange/stride-export';
import { decideGoalImport } from '@stride/domain/exchange/stride-import';
import { goalStreamDecider } from '@stride/domain/goals/goal-decider';
import { decideInTurn } from '@stride/domain/shared/decide-in-turn';
import type { DomainEvent } from '@stride/domain/shared/event';
import { hasTemplates } from '@stride/domain/plans/limits';
import { streamIds } from '@stride/domain/stream-ids';
import { templateDecider } from '@stride/domain/templates/template-decider';
import { countTemplates } from '@stride/projections/templates/queries/list-templates';
import { usageDecider } from '@stride/domain/usage/usage-decider';
import type { Services } from '../../services';
import type { CommandContext, StreamEvolver, StreamTarget } from '../command-handler';
import { newId } from '../ids';
import { limitTierOf } from '../usage/usage-snapshot';

export const inputSchema = z.object({ document: strideExportSchema });
export type ImportStrideExportInput = z.infer<typeof inputSchema>;

export const resultSchema = z.object({
  goals: z.number().int(),
  tasks: z.number().int(),
  position: z.number().int().nullable(),
});
export type ImportResult = z.infer<typeof resultSchema>;

type AnyTarget = StreamTarget<unknown, DomainEvent>;
const target = <State, Event extends DomainEvent>(
  streamId: string,
  decider: StreamEvolver<State, Event>,
): AnyTarget => ({ streamId, decider: decider as unknown as StreamEvolver<unknown, DomainEvent> });

/**
 * Imports a Stride JSON export into the caller's account, in one atomic append: each goal (under a new id,
 * with its tasks, their histories, time logs and series) as a new goal stream, each collection as a new
 * collection of the new goals, each goal template as a new template when the caller's plan has templates
 * (otherwise they are left out: saving templates is a Starter feature; an import that would take the caller
 * past OWN_TEMPLATES_MAX is refused whole, quota_reached). Live imported goals count towards
 * the month's goal limit like created ones. Preferences are not imported (they name the old account's goals).
 */
export async function run(
  services: Services,
  context: CommandContext,
  { document }: ImportStrideExportInput,
): Promise<ImportResult> {
  const [tier, ownTemplates] = await Promise.all([
    limitTierOf(services, context.userId),
    countTemplates(services.pool, context.userId),
  ]);
  const goals = document.goals.map((goal) => ({ goal, goalId: newId() }));
  const newGoalId = new Map(goals.map(({ goal, goalId }) => [goal.goalId, goalId]));
  const collections = document.collections
    .filter((collection) => !collection.deleted)
    .map((collection) => ({ collection, collectionId: newId() }));
  const templates = hasTemplates(tier) ? document.templates.map((template) => ({ template, templateId: newId() })) : [];
  const streams: Record<string, AnyTarget> = {
    usage: target(streamIds.usage(context.userId), usageDecider),
    ...Object.fromEntries(
      goals.map(({ goalId }) => [`goal:${goalId}`, target(streamIds.goal(goalId), goalStreamDecider)]),
    ),
    ...Object.fromEntries(
      collections.map(({ collectionId }) => [
        `collection:${collectionId}`,
        target(streamIds.collection(collectionId), collectionDecider),
      ]),
    ),
    ...Object.fromEntries(
      templates.map(({ templateId }) => [
        `template:${templateId}`,
        target(streamIds.template(templateId), templateDecider),
      ]),
    ),
  };
  const { result } = await services.commands.execute({
    streams,
    decide: (states, metadata) => {
      const live = goals.filter(({ goal }) => goal.deletedAt === null);
      const usage = decideInTurn(
        usageDecider,
        live.map(({ goalId }) => ({ type: 'CountGoal' as const, data: { tier, goalId }, metadata })),
        states.usage as Parameters<typeof usageDecider.decide>[1],
      ).events;
      const goalEvents = goals.map(({ goal, goalId }) => [
        `goal:${goalId}`,
        decideGoalImport(states[`goal:${goalId}`] as Parameters<typeof decideGoalImport>[0], goal, {
          userId: context.userId,
          goalId,
        }),
      ]);
      const collectionEvents = collections.map(({ collection, collectionId }) => [
        `collection:${collectionId}`,
        decideInTurn(
          collectionDecider,
          [
            {
              type: 'CreateCollection' as const,
              data: {
                collectionId,
                name: collection.name,
                description: collection.description,
                color: collection.color,
              },
              metadata,
            },
            ...collection.goalIds.flatMap((goalId) => {
              const imported = newGoalId.get(goalId);
              return imported === undefined
                ? []
                : [{ type: 'AddGoalToCollection' as const, data: { goalId: imported }, metadata }];
            }),
          ],
          states[`collection:${collectionId}`] as Parameters<typeof collectionDecider.decide>[1],
        ).events,
      ]);
      const templateEvents = templates.map(({ template, templateId }, index) => [
        `template:${templateId}`,
        templateDecider.decide(
          {
            type: 'SaveGoalTemplate',
            data: {
              templateId,
              tier,
              title: template.title,
              description: template.description,
              category: template.category,
              priority: template.priority,
              tasks: template.tasks,
              sourceGoalId: (template.sourceGoalId !== null && newGoalId.get(template.sourceGoalId)) || null,
              ownTemplates: ownTemplates + index,
            },
            metadata,
          },
          states[`template:${templateId}`] as Parameters<typeof templateDecider.decide>[1],
        ),
      ]);
      return { usage, ...Object.fromEntries([...goalEvents, ...collectionEvents, ...templateEvents]) };
    },
    context,
    result: (outcome) => ({
      goals: goals.length,
      tasks: document.goals.reduce((sum, goal) => sum + goal.tasks.length, 0),
      position: outcome.position,
    }),
  });
  return result;
}
