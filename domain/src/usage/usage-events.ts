import { z } from 'zod';
import { calendarMonthSchema } from '../shared/calendar';
import type { EventOf } from '../shared/create-event';
import { assertNever, defineEvent } from '../shared/event';

export const goalCounted = defineEvent({
  type: 'GoalCounted',
  schemaVersion: 1,
  schema: z.object({ month: calendarMonthSchema, goalId: z.string().min(1) }),
});

export const aiGenerationCounted = defineEvent({
  type: 'AiGenerationCounted',
  schemaVersion: 1,
  schema: z.object({ month: calendarMonthSchema, goalId: z.string().min(1).nullable(), units: z.literal(1) }),
});

export const usageMonthReset = defineEvent({
  type: 'UsageMonthReset',
  schemaVersion: 1,
  schema: z.object({
    month: calendarMonthSchema,
    previousMonth: calendarMonthSchema.nullable(),
    resetAt: z.iso.datetime(),
  }),
});

export const usageEventDefinitions = [goalCounted, aiGenerationCounted, usageMonthReset] as const;

export type UsageEvent = EventOf<(typeof usageEventDefinitions)[number]>;

/** A user's monthly counters (spec section 4, "Usage" and "Monthly reset"). */
export interface UsageState {
  /** The UTC month (YYYY-MM) the counters belong to; null before the first command. */
  readonly month: string | null;
  readonly goalsThisMonth: number;
  readonly aiGenerationsThisMonth: number;
  readonly lastResetDate: string | null;
}

export const initialState = (): UsageState => ({
  month: null,
  goalsThisMonth: 0,
  aiGenerationsThisMonth: 0,
  lastResetDate: null,
});

export const evolve = (state: UsageState, event: UsageEvent): UsageState => {
  switch (event.type) {
    case 'UsageMonthReset':
      return {
        month: event.data.month,
        goalsThisMonth: 0,
        aiGenerationsThisMonth: 0,
        lastResetDate: event.data.resetAt,
      };
    case 'GoalCounted':
      return { ...state, goalsThisMonth: state.goalsThisMonth + 1 };
    case 'AiGenerationCounted':
      return { ...state, aiGenerationsThisMonth: state.aiGenerationsThisMonth + event.data.units };
    default:
      return assertNever(event);
  }
};
