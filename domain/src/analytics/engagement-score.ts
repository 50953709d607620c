/**
 * The engagement score (spec section 9): a 0..100 blend of
 *   task completion rate 30%, daily-active streak 20% (full at 30 days), goal progress 25%,
 *   AI usage 15% (full at 10 uses) and recency 10%.
 *
 * DECISION: the spec gives recency a weight but no curve. Recency is 1 when the user was active today
 * (0 days since last active) and decays linearly to 0 at 30 days; never active counts as 0. Thirty days
 * matches the streak cap and the length of a usage month.
 */

export interface EngagementInput {
  /** Completed tasks / all tasks, 0..1. */
  readonly taskCompletionRate: number;
  /** Consecutive active days. */
  readonly dailyActiveStreak: number;
  /** 0..1, e.g. the goal completion rate or the average progress of active goals. */
  readonly goalProgress: number;
  readonly aiGenerationsUsed: number;
  /** Whole days since the user was last active (0 = today); null if never active. */
  readonly daysSinceLastActive: number | null;
}

export interface EngagementBreakdown {
  readonly completion: number;
  readonly streak: number;
  readonly goalProgress: number;
  readonly aiUsage: number;
  readonly recency: number;
}

export interface EngagementScore {
  /** 0..100, one decimal. */
  readonly score: number;
  /** Points each component contributes (each rounded to two decimals for display). */
  readonly breakdown: EngagementBreakdown;
}

export const ENGAGEMENT_WEIGHTS = {
  completion: 30,
  streak: 20,
  goalProgress: 25,
  aiUsage: 15,
  recency: 10,
} as const;

export const ENGAGEMENT_CAPS = { streakDays: 30, aiUses: 10, recencyDays: 30 } as const;

const clamp01 = (value: number): number => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);
const round = (value: number, decimals: number): number => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/** 1 today, falling linearly to 0 at `ENGAGEMENT_CAPS.recencyDays`; 0 when never active. */
export function recencyFactor(daysSinceLastActive: number | null): number {
  if (daysSinceLastActive === null || !Number.isFinite(daysSinceLastActive)) return 0;
  return clamp01(1 - Math.max(0, daysSinceLastActive) / ENGAGEMENT_CAPS.recencyDays);
}

export function engagementScore(input: EngagementInput): EngagementScore {
  const w = ENGAGEMENT_WEIGHTS;
  const raw: EngagementBreakdown = {
    completion: clamp01(input.taskCompletionRate) * w.completion,
    streak: clamp01(input.dailyActiveStreak / ENGAGEMENT_CAPS.streakDays) * w.streak,
    goalProgress: clamp01(input.goalProgress) * w.goalProgress,
    aiUsage: clamp01(input.aiGenerationsUsed / ENGAGEMENT_CAPS.aiUses) * w.aiUsage,
    recency: recencyFactor(input.daysSinceLastActive) * w.recency,
  };
  const total = raw.completion + raw.streak + raw.goalProgress + raw.aiUsage + raw.recency;
  return {
    score: round(total, 1),
    breakdown: {
      completion: round(raw.completion, 2),
      streak: round(raw.streak, 2),
      goalProgress: round(raw.goalProgress, 2),
      aiUsage: round(raw.aiUsage, 2),
      recency: round(raw.recency, 2),
    },
  };
}
