import { eventRegistry } from '@stride/domain/event-catalogue';
import type { DomainEvent } from '@stride/domain/shared/event';
import type { PostgresEventStore } from '@stride/platform/event-store/event-store';
import { newEventId } from '@stride/platform/event-store/event-ids';
import type { Pool } from '@stride/platform/postgres/pool';
import { withTransaction } from '@stride/platform/postgres/pool';
import type { InlineProjections } from '../src/core/inline-projections';

/** Where seeded events go: the log and the inline read models, in one transaction per append, as commands do. */
export interface SeedLog {
  readonly pool: Pool;
  readonly store: PostgresEventStore;
  readonly inline: InlineProjections;
}

const append = async ({ pool, store, inline }: SeedLog, streamId: string, userId: string, events: DomainEvent[]) => {
  const validated = events.map((event) => eventRegistry.validateForAppend(event));
  const appends = [
    {
      streamId,
      events: validated.map((event) => ({
        type: event.type,
        data: event.data,
        schemaVersion: eventRegistry.schemaVersionOf(event.type),
        eventId: newEventId(),
      })),
    },
  ];
  const metadata = { userId };
  const [result] = await withTransaction(pool, async (client) => {
    const results = await store.appendInTransaction(client, appends, { metadata });
    await inline.apply(client, { appends, results, metadata });
    return results;
  });
  return result!;
};

/**
 * A realistic log for one user: profile, billing, usage, goals with tasks, their sub-steps and plans, a
 * collection, goal templates (one kept, one deleted).
 */
export async function seedUser(store: SeedLog, index: number): Promise<number> {
  const userId = `usr_seed_${index}`;
  const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString();
  await append(store, `user-${userId}`, userId, [
    {
      type: 'UserRegistered',
      data: { userId, email: `seed${index}@example.com`, name: `Seed ${index}`, attribution: null },
    },
    { type: 'UserPreferencesUpdated', data: { preferences: { lastViewedGoalId: `g_${index}_0` } } },
  ]);
  if (index % 2 === 0) {
    await append(store, `billing-${userId}`, 'system:billing', [
      {
        type: 'SubscriptionActivated',
        data: {
          tier: 'pro',
          status: 'active',
          subscriptionId: `sub_${index}`,
          customerId: `cus_${index}`,
          currentPeriodEnd: null,
          occurredAt: at(1),
        },
      },
    ]);
  }
  let last = 0;
  for (let g = 0; g < 3; g += 1) {
    const goalId = `g_${index}_${g}`;
    await append(store, `usage-${userId}`, userId, [
      ...(g === 0
        ? [{ type: 'UsageMonthReset', data: { month: '2026-03', previousMonth: null, resetAt: at(2) } }]
        : []),
      { type: 'GoalCounted', data: { month: '2026-03', goalId } },
    ]);
    const result = await append(store, `goal-${goalId}`, userId, [
      {
        type: 'GoalCreated',
        data: {
          goalId,
          userId,
          title: `Goal ${g}`,
          description: '',
          category: 'personal',
          priority: 'medium',
          targetDate: null,
          createdAt: at(3 + g),
        },
      },
      {
        type: 'TasksBatchGenerated',
        data: {
          batchId: `b_${goalId}`,
          source: 'ai',
          tasks: [1, 2, 3].map((n) => ({
            taskId: `t${n}`,
            title: `Step ${n}`,
            estimatedMinutes: 10 * n,
            energyLevel: 'medium',
          })),
          aiMetadata: { model: 'seed' },
          generatedAt: at(6),
        },
      },
      { type: 'TaskCompleted', data: { taskId: 't1', completedAt: at(7), actualMinutes: 12 } },
      { type: 'TaskDeleted', data: { taskId: 't3', deletedAt: at(8) } },
      {
        type: 'TaskBrokenDown',
        data: {
          taskId: 't2',
          subtasks: ['a', 'b'].map((s) => ({
            subtaskId: `s_${s}`,
            title: `Part ${s}`,
            estimatedMinutes: 10,
            energyLevel: 'low',
          })),
          aiMetadata: null,
          brokenDownAt: at(8),
        },
      },
      { type: 'SubtaskCompleted', data: { taskId: 't2', subtaskId: 's_a', completedAt: at(9) } },
      // The planner: dates, a daily series with its next occurrence, logged time.
      { type: 'TaskScheduled', data: { taskId: 't2', doDate: '2026-03-02' } },
      { type: 'TaskDueDateSet', data: { taskId: 't2', dueDate: '2026-03-05' } },
      { type: 'TaskTimeLogged', data: { taskId: 't2', actualMinutes: 7 } },
      {
        type: 'TaskRecurrenceSet',
        data: {
          taskId: 't1',
          seriesId: 't1',
          occurrenceDate: '2026-03-01',
          recurrence: { rule: { kind: 'daily' }, startDate: '2026-03-01' },
          template: {
            title: 'Step 1',
            description: null,
            estimatedMinutes: 10,
            energyLevel: 'medium',
            dueOffsetDays: null,
          },
        },
      },
      {
        type: 'TaskOccurrenceCreated',
        data: {
          taskId: 't1@2026-03-02',
          seriesId: 't1',
          occurrenceDate: '2026-03-02',
          title: 'Step 1',
          description: null,
          estimatedMinutes: 10,
          energyLevel: 'medium',
          dueDate: null,
          createdAt: at(8),
        },
      },
      ...(g === 2 ? [{ type: 'GoalCompleted', data: { completedAt: at(9) } }] : []),
    ]);
    last = result.lastPosition;
  }
  await append(store, `calendar-${userId}`, userId, [
    { type: 'CalendarFeedIssued', data: { userId, tokenHash: index.toString(16).padStart(64, 'f'), issuedAt: at(10) } },
  ]);
  await append(store, `collection-c_${index}`, userId, [
    { type: 'CollectionCreated', data: { collectionId: `c_${index}`, userId, name: 'Seeded' } },
    { type: 'GoalAddedToCollection', data: { goalId: `g_${index}_0` } },
  ]);
  const template = (templateId: string) => ({
    type: 'GoalTemplateSaved',
    data: {
      templateId,
      userId,
      title: 'Seeded template',
      description: '',
      category: 'health',
      priority: 'medium',
      tasks: [{ title: 'Warm up', estimatedMinutes: 10, energyLevel: 'low' }],
      sourceGoalId: `g_${index}_0`,
    },
  });
  await append(store, `template-t_${index}`, userId, [template(`t_${index}`)]);
  await append(store, `template-t_${index}_gone`, userId, [
    template(`t_${index}_gone`),
    { type: 'GoalTemplateDeleted', data: {} },
  ]);
  return last;
}
