import { EXPORT_FORMAT, EXPORT_VERSION, goalExportOf, type StrideExport } from '@stride/domain/exchange/stride-export';
import { goalPrioritySchema, type GoalStreamEvent } from '@stride/domain/goals/goal-events';
import { energyLevelSchema } from '@stride/domain/tasks/energy-workflow';
import { streamIds } from '@stride/domain/stream-ids';
import type { TemplateRecord } from '@stride/projections/templates/templates-table';
import { getUserPreferences } from '@stride/projections/users/queries/get-user-preferences';
import { getUserRecord } from '@stride/projections/users/queries/get-user-record';
import type { Services } from '../services';

/**
 * The lossless JSON export of everything the user owns (domain/src/exchange/stride-export.ts): every goal
 * (deleted ones too) rebuilt from its own stream, so task histories and time logs are complete, and the
 * user's collections, goal templates and preferences from the read models.
 */
export async function strideExportOfUser(
  { pool, eventStore, eventRegistry, clock }: Pick<Services, 'pool' | 'eventStore' | 'eventRegistry' | 'clock'>,
  userId: string,
): Promise<StrideExport> {
  const [user, preferences] = await Promise.all([getUserRecord(pool, userId), getUserPreferences(pool, userId)]);
  const { rows: goalRows } = await pool.query<{ id: string }>(
    'SELECT id FROM goals WHERE user_id = $1 ORDER BY created_at, id',
    [userId],
  );
  const goals = [];
  for (const { id } of goalRows) {
    const { events } = await eventStore.readStream(streamIds.goal(id));
    const goal = goalExportOf(
      events.map((stored) => ({
        event: eventRegistry.upcast(stored) as GoalStreamEvent,
        recordedAt: stored.recordedAt,
      })),
    );
    if (goal !== null) goals.push(goal);
  }
  const exported = new Set(goals.map((goal) => goal.goalId));
  const { rows: collections } = await pool.query<{
    id: string;
    name: string;
    description: string | null;
    color: string | null;
    goal_ids: string[];
  }>('SELECT id, name, description, color, goal_ids FROM collections WHERE user_id = $1 ORDER BY created_at, id', [
    userId,
  ]);
  const { rows: templates } = await pool.query<Omit<TemplateRecord, 'user_id' | 'created_at'>>(
    `SELECT id, title, description, category, priority, tasks, source_goal_id FROM goal_templates
      WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: clock().toISOString(),
    user: { userId, email: user?.email ?? '', name: user?.name ?? '' },
    preferences: preferences?.preferences ?? {},
    goals,
    collections: collections.map((collection) => ({
      collectionId: collection.id,
      name: collection.name,
      description: collection.description,
      color: collection.color,
      goalIds: collection.goal_ids.filter((goalId) => exported.has(goalId)),
      deleted: false,
    })),
    templates: templates.map((template) => ({
      templateId: template.id,
      title: template.title,
      description: template.description,
      category: template.category,
      priority: goalPrioritySchema.parse(template.priority),
      tasks: template.tasks.map((task) => ({
        title: task.title,
        description: task.description,
        estimatedMinutes: task.estimated_minutes,
        energyLevel: energyLevelSchema.parse(task.energy_level),
      })),
      sourceGoalId:
        template.source_goal_id !== null && exported.has(template.source_goal_id) ? template.source_goal_id : null,
    })),
  };
}
