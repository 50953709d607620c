import { describe, expect, it } from 'vitest';
import { eventRegistry } from '@stride/domain/event-catalogue';
import { replay, storedEvents } from '../../test/replay';
import { createUsageProjection } from './usage-projection';
import { usageCountersTable } from './usage-table';

const projection = createUsageProjection(eventRegistry);
const usage = (type: string, data: Record<string, unknown>) => ({ streamId: 'usage-u1', event: { type, data } });

describe('usage projection', () => {
  it('counts goals and AI generations per month and resets on a new month', () => {
    const march = [
      usage('UsageMonthReset', { month: '2026-03', previousMonth: null, resetAt: '2026-03-02T00:00:00Z' }),
      usage('GoalCounted', { month: '2026-03', goalId: 'g1' }),
      usage('AiGenerationCounted', { month: '2026-03', goalId: 'g1', units: 1 }),
      usage('AiGenerationCounted', { month: '2026-03', goalId: null, units: 1 }),
    ];
    expect(replay(projection, storedEvents(march)).get(usageCountersTable, { user_id: 'u1' })).toMatchObject({
      current_month: '2026-03',
      goals_this_month: 1,
      ai_generations_this_month: 2,
      last_reset_date: '2026-03-02T00:00:00.000Z',
    });
    const april = [
      ...march,
      usage('UsageMonthReset', { month: '2026-04', previousMonth: '2026-03', resetAt: '2026-04-01T00:00:01Z' }),
      usage('GoalCounted', { month: '2026-04', goalId: 'g2' }),
    ];
    expect(replay(projection, storedEvents(april)).get(usageCountersTable, { user_id: 'u1' })).toMatchObject({
      current_month: '2026-04',
      goals_this_month: 1,
      ai_generations_this_month: 0,
    });
  });
});
