import type { CompletedTaskSample } from '@stride/domain/ai/estimate-calibration';
import type { EnergyLevel } from '@stride/domain/tasks/energy-workflow';
import type { Queryable } from '@stride/platform/postgres/pool';

/** How many recent completed tasks the estimate calibration reads. */
export const ESTIMATE_SAMPLE_LIMIT = 300;

/**
 * The user's most recent completed tasks with the minutes they logged: planned versus actual minutes by
 * energy level and the goal's category, for the estimate calibration (domain/src/ai/estimate-calibration.ts).
 */
export async function listEstimateSamples(db: Queryable, userId: string): Promise<CompletedTaskSample[]> {
  const { rows } = await db.query<{
    estimated_minutes: number;
    actual_minutes: number;
    energy_level: EnergyLevel;
    category: string;
  }>(
    `SELECT tk.estimated_minutes, tk.actual_minutes, tk.energy_level, g.category
       FROM tasks tk JOIN goals g ON g.id = tk.goal_id
      WHERE tk.user_id = $1 AND tk.status = 'done' AND tk.actual_minutes IS NOT NULL AND tk.deleted_at IS NULL
      ORDER BY tk.completed_at DESC NULLS LAST
      LIMIT $2`,
    [userId, ESTIMATE_SAMPLE_LIMIT],
  );
  return rows.map((row) => ({
    estimatedMinutes: row.estimated_minutes,
    actualMinutes: row.actual_minutes,
    energyLevel: row.energy_level,
    category: row.category,
  }));
}
