import { usageBarThresholds, usageLevel, type UsageLevel } from '@stride/domain/plans/limits';

/** Profile usage bars: yellow ('warning') at 90%, red ('full') at 100% (spec section 9). */
export const usageBarTone = (used: number, limit: number): UsageLevel => usageLevel(used, limit, usageBarThresholds);
