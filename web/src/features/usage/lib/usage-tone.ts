import { usageIndicatorThresholds, usageLevel, type UsageLevel } from '@stride/domain/plans/limits';

/** Header indicator: orange ('warning') at 80%, red ('full') at 100% (spec section 2). */
export const indicatorTone = (used: number, limit: number): UsageLevel =>
  usageLevel(used, limit, usageIndicatorThresholds);
