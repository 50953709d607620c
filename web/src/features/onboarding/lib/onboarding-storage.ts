import { readJson, removeKey, storageKeys, writeJson } from '../../../lib/storage';

export type EnergyPeak = 'morning' | 'afternoon' | 'evening';

export interface OnboardingProgress {
  readonly step: number;
  readonly completed: boolean;
  readonly focusAreas: readonly string[];
  readonly energyPeak: EnergyPeak | null;
  readonly firstGoal: string;
}

export const initialProgress: OnboardingProgress = {
  step: 0,
  completed: false,
  focusAreas: [],
  energyPeak: null,
  firstGoal: '',
};

const isProgress = (value: unknown): value is OnboardingProgress =>
  typeof value === 'object' && value !== null && typeof (value as OnboardingProgress).step === 'number';

/** Onboarding progress is kept per user (spec section 1), under the product prefix. */
export function readOnboarding(userId: string): OnboardingProgress {
  return { ...initialProgress, ...(readJson(storageKeys.onboarding(userId), isProgress) ?? {}) };
}

export function writeOnboarding(userId: string, progress: OnboardingProgress): void {
  writeJson(storageKeys.onboarding(userId), progress);
}

export function clearOnboarding(userId: string): void {
  removeKey(storageKeys.onboarding(userId));
}

export function isOnboardingCompleted(userId: string): boolean {
  return readOnboarding(userId).completed;
}
